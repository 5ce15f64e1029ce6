package dev.moka.core.exec;

import dev.moka.core.sandbox.Terminal;
import dev.moka.protocol.ExecOutputStream;
import java.io.File;
import java.io.IOException;
import java.time.Duration;
import java.util.concurrent.TimeUnit;

/**
 * Runs one command to completion: captured output, live chunks, a time limit that kills its whole tree, a bound
 * on how many processes the tree may have, and nothing of it left running once the command has exited.
 */
public final class ProcessRunner {
    /** Each of stdout, stderr and the interleaved output keeps at most this many bytes (head and tail). */
    public static final int CAPTURE_LIMIT_BYTES = 1024 * 1024;
    /**
     * How long to keep reading after the process exited: a background child that inherited the pipes can
     * keep them open forever, and the command's own result should not wait for it.
     */
    private static final Duration DRAIN_GRACE = Duration.ofSeconds(2);
    private static final File DEV_NULL = new File("/dev/null");
    /**
     * How many processes and threads one command's tree may have at once when {@code max_processes} is not set:
     * enough for a parallel build (a JVM alone runs dozens of threads, and each counts), far below what takes a
     * machine down (a fork bomb reaches tens of thousands).
     */
    public static final int DEFAULT_MAX_PROCESSES = 1024;

    private final int maxProcesses;

    /** {@code maxProcesses}: how many processes and threads one command's tree may have at once. */
    public ProcessRunner(int maxProcesses) {
        this.maxProcesses = maxProcesses;
    }

    /** With {@link #DEFAULT_MAX_PROCESSES}. */
    public ProcessRunner() {
        this(DEFAULT_MAX_PROCESSES);
    }

    /**
     * Why commands run here without a bound on their processes (no cgroup Moka may make), or null when they
     * have one: for a warning, and for {@code moka sandbox doctor}.
     */
    public static String processBoundProblem() {
        return ProcessBound.problem();
    }

    /**
     * Runs the command with stdin from /dev/null. Never throws for a command that fails or cannot start: that
     * is a result with exit code 127 (not found) or 126 (cannot execute, bad working directory).
     *
     * @throws InterruptedException when the calling thread is interrupted; the process tree is killed first
     */
    public ExecResult run(ExecParams params, OutputListener listener) throws InterruptedException {
        long started = System.nanoTime();
        String badCwd = StartFailure.badWorkingDirectory(params.cwd());
        if (badCwd != null) {
            return StartFailure.of(ExecResult.CANNOT_EXECUTE_EXIT_CODE, badCwd, since(started));
        }
        ProcessBound.Plan plan = ProcessBound.plan(maxProcesses, params.confinement());
        Process process;
        try {
            process = start(params, plan);
        } catch (IOException e) {
            plan.abandon();
            return StartFailure.of(params.argv().getFirst(), e, since(started));
        }
        ProcessBound bound = plan.apply(process);
        OutputSink sink = new OutputSink(listener, CAPTURE_LIMIT_BYTES);
        try {
            return await(process, params, sink, started, bound);
        } catch (InterruptedException e) {
            ProcessGroups.kill(process.toHandle());
            bound.killAll();
            // The caller has given up on this command: no chunk may reach its listener any more.
            sink.close();
            throw e;
        }
    }

    private static Process start(ExecParams params, ProcessBound.Plan plan) throws IOException {
        ProcessBuilder builder = new ProcessBuilder(
                plan.argv(ProcessGroups.wrap(params.argv(), params.cwd(), params.env(), false)))
                .directory(params.cwd().toFile())
                .redirectInput(ProcessBuilder.Redirect.from(DEV_NULL));
        builder.environment().clear();
        builder.environment().putAll(params.env());
        plan.environment(builder.environment());
        return params.confinement().start(builder, Terminal.none());
    }

    private static ExecResult await(Process process, ExecParams params, OutputSink sink, long started,
            ProcessBound bound) throws InterruptedException {
        Thread out = StreamPump.start(process.getInputStream(), ExecOutputStream.STDOUT, sink, process.pid());
        Thread err = StreamPump.start(process.getErrorStream(), ExecOutputStream.STDERR, sink, process.pid());
        boolean timedOut = !process.waitFor(params.timeout().toNanos(), TimeUnit.NANOSECONDS);
        if (timedOut) {
            ProcessGroups.kill(process.toHandle());
            process.waitFor();
        } else {
            ProcessGroups.killLeftovers(process.pid());
        }
        String boundLine = bound.reached() ? bound.reachedLine() : null;
        // Also what left the group (setsid, a daemon): all of it is the command's.
        bound.killAll();
        long drainDeadline = System.nanoTime() + DRAIN_GRACE.toNanos();
        out.join(remaining(drainDeadline));
        err.join(remaining(drainDeadline));
        OutputSink.Captured captured = sink.close();
        if (out.isAlive() || err.isAlive()) {
            closeQuietly(process);
        }
        if (timedOut) {
            String line = "command timed out after " + params.timeout().toMillis() + " ms\n";
            return new ExecResult(ExecResult.TIMEOUT_EXIT_CODE, captured.stdout(),
                    appendLine(captured.stderr(), line), appendLine(captured.aggregated(), line),
                    since(started), true);
        }
        if (boundLine != null) {
            return new ExecResult(process.exitValue(), captured.stdout(), appendLine(captured.stderr(), boundLine),
                    appendLine(captured.aggregated(), boundLine), since(started), false);
        }
        return new ExecResult(process.exitValue(), captured.stdout(), captured.stderr(), captured.aggregated(),
                since(started), false);
    }

    /** Unblocks pumps still reading pipes that a surviving background child holds open. */
    private static void closeQuietly(Process process) {
        try {
            process.getInputStream().close();
            process.getErrorStream().close();
        } catch (IOException e) {
            // Nothing more to read either way; the pump threads end on their own when the pipe closes.
        }
    }

    private static String appendLine(String text, String line) {
        return text.isEmpty() || text.endsWith("\n") ? text + line : text + "\n" + line;
    }

    private static Duration remaining(long deadlineNanos) {
        return Duration.ofNanos(Math.max(1, deadlineNanos - System.nanoTime()));
    }

    private static Duration since(long startedNanos) {
        return Duration.ofNanos(System.nanoTime() - startedNanos);
    }
}
