package dev.moka.core.exec;

import dev.moka.core.sandbox.Terminal;
import dev.moka.protocol.ExecOutputStream;
import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;

/** One running interactive process: its stdin, its pending output, and the wait for more of it. */
final class ExecSession {
    /**
     * How long a call keeps reading after the process exited: a background child that inherited the output
     * can hold it open forever, and the exit should not wait for it.
     */
    private static final Duration DRAIN_GRACE = Duration.ofMillis(500);

    private final int id;
    private final SessionCommand command;
    private final Process process;
    private final PtyMaster pty;
    private final OutputStream stdin;
    private final SessionOutput output;
    private volatile long lastUsedNanos = System.nanoTime();
    private volatile boolean busy;
    private final ProcessBound bound;

    private ExecSession(int id, SessionCommand command, Process process, PtyMaster pty, SessionOutput output,
            ProcessBound bound) {
        this.bound = bound;
        this.id = id;
        this.command = command;
        this.process = process;
        this.pty = pty;
        this.stdin = pty == null ? process.getOutputStream() : null;
        this.output = output;
    }

    /**
     * Starts the process with its readers; {@code listener} is attached before the first read, so the first
     * call sees every chunk live, even of a command that prints at once.
     */
    static ExecSession start(int id, SessionCommand command, OutputListener listener, int maxProcesses)
            throws IOException {
        return command.tty() ? startWithPty(id, command, listener, maxProcesses)
                : startWithPipes(id, command, listener, maxProcesses);
    }

    private static ExecSession startWithPipes(int id, SessionCommand command, OutputListener listener,
            int maxProcesses) throws IOException {
        ProcessBound.Plan plan = ProcessBound.plan(maxProcesses, command.confinement());
        ProcessBuilder builder = builder(command, false, plan);
        Process process;
        try {
            process = command.confinement().start(builder, Terminal.none());
        } catch (IOException e) {
            plan.abandon();
            throw e;
        }
        SessionOutput output = new SessionOutput(2);
        output.listen(listener);
        ExecSession session = new ExecSession(id, command, process, null, output, plan.apply(process));
        pump(process.getInputStream(), ExecOutputStream.STDOUT, output, process.pid(), false);
        pump(process.getErrorStream(), ExecOutputStream.STDERR, output, process.pid(), false);
        process.onExit().thenRun(session::endLeftovers).thenRun(output::poke);
        return session;
    }

    private static ExecSession startWithPty(int id, SessionCommand command, OutputListener listener,
            int maxProcesses) throws IOException {
        PtyMaster pty = PtyMaster.open();
        // The child opens the slave itself (Moka must never do it: it would become Moka's controlling terminal);
        // until then its streams lead nowhere, and no pipe is left for Moka to close.
        ProcessBound.Plan plan = ProcessBound.plan(maxProcesses, command.confinement());
        ProcessBuilder builder = builder(command, true, plan).redirectInput(new File("/dev/null"))
                .redirectOutput(ProcessBuilder.Redirect.DISCARD).redirectError(ProcessBuilder.Redirect.DISCARD);
        Process process;
        try {
            process = command.confinement().start(builder, new Terminal.Pty(Path.of(pty.slavePath())));
        } catch (IOException e) {
            pty.close();
            plan.abandon();
            throw e;
        }
        SessionOutput output = new SessionOutput(1);
        output.listen(listener);
        ExecSession session = new ExecSession(id, command, process, pty, output, plan.apply(process));
        pump(pty.output(), ExecOutputStream.STDOUT, output, process.pid(), true);
        process.onExit().thenRun(session::endLeftovers).thenRun(output::poke);
        return session;
    }

    private static ProcessBuilder builder(SessionCommand command, boolean tty, ProcessBound.Plan plan) {
        Map<String, String> env = new HashMap<>(command.env());
        if (tty) {
            // Without TERM, full-screen programs guess; "dumb" asks them for plain text the model can read.
            env.putIfAbsent("TERM", "dumb");
        }
        plan.environment(env);
        ProcessBuilder builder = new ProcessBuilder(plan.argv(ProcessGroups.wrap(command.argv(), command.cwd(),
                env, tty)))
                .directory(command.cwd().toFile());
        builder.environment().clear();
        builder.environment().putAll(env);
        return builder;
    }

    private static void pump(InputStream in, ExecOutputStream stream, SessionOutput output, long pid,
            boolean nativeReads) {
        if (nativeReads) {
            StreamPump.startPlatform(in, stream, output, pid);
        } else {
            StreamPump.start(in, stream, output, pid);
        }
    }

    int id() {
        return id;
    }

    SessionCommand command() {
        return command;
    }

    long lastUsedNanos() {
        return lastUsedNanos;
    }

    boolean busy() {
        return busy;
    }

    boolean alive() {
        return process.isAlive();
    }

    /** Writes what the model typed; false when the process no longer reads its input. */
    boolean write(String chars) {
        byte[] bytes = chars.getBytes(StandardCharsets.UTF_8);
        if (pty != null) {
            return pty.write(bytes);
        }
        try {
            stdin.write(bytes);
            stdin.flush();
            return true;
        } catch (IOException e) {
            return false;
        }
    }

    /**
     * Waits until the process has exited and its output is read, or until {@code yield} has passed, then
     * hands over what it printed meanwhile. Live chunks go to {@code listener} during the wait.
     */
    SessionResult collect(Duration yield, OutputListener listener) throws InterruptedException {
        busy = true;
        long started = System.nanoTime();
        output.listen(listener);
        try {
            long deadline = started + yield.toNanos();
            boolean exited = output.awaitUntil(() -> !process.isAlive(), deadline);
            if (exited) {
                // Past the yield if need be: once the session is reported ended, unread output would be lost.
                output.awaitUntil(output::drained, System.nanoTime() + DRAIN_GRACE.toNanos());
            }
        } finally {
            output.listen(OutputListener.NONE);
            lastUsedNanos = System.nanoTime();
            busy = false;
        }
        SessionOutput.Taken taken = output.take();
        boolean ended = !process.isAlive();
        return new SessionResult(ended ? null : id, ended ? process.exitValue() : null, taken.text(),
                taken.bytes(), Duration.ofNanos(System.nanoTime() - started), command.callId());
    }

    /**
     * Ends what the command left behind once it exited: its group ({@code sleep 60 &}) and, through its cgroup,
     * what left the group ({@code setsid}).
     */
    private void endLeftovers() {
        ProcessGroups.killLeftovers(process.pid());
        bound.killAll();
    }

    /** Ends the process and everything it started. */
    void kill() {
        ProcessGroups.kill(process.toHandle());
        bound.killAll();
        if (stdin != null) {
            try {
                stdin.close();
            } catch (IOException e) {
                // The process is gone either way; a pipe that cannot be closed cleanly changes nothing.
            }
        }
    }
}
