package dev.moka.core.hooks;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * Runs one hook command as Codex does: {@code $SHELL -lc "<command>"} ({@code /bin/sh} when SHELL is unset) in
 * the session's working directory, with the environment the session's commands get (the shell environment
 * policy applied, so no secret Moka holds), the event's JSON on stdin. A hook still running at its timeout is
 * killed with everything it started.
 */
final class HookProcess {
    /** How much of a hook's stdout and stderr is kept; a hook that prints more is cut there. */
    private static final int MAX_OUTPUT = 1 << 20;
    /** After the hook exits, how long its pipes may stay open (held by a child it left behind). */
    private static final Duration DRAIN = Duration.ofMillis(500);

    /** How a run ended: {@code exitCode} is null when it did not start or was killed at its timeout. */
    record Exit(Integer exitCode, String stdout, String stderr, boolean timedOut, String startFailure) {}

    private HookProcess() {}

    static Exit run(String command, String stdin, Path cwd, Map<String, String> env, Duration timeout)
            throws InterruptedException {
        String shell = env.getOrDefault("SHELL", "");
        ProcessBuilder builder = new ProcessBuilder(List.of(shell.isBlank() ? "/bin/sh" : shell, "-lc", command))
                .directory(cwd.toFile());
        builder.environment().clear();
        builder.environment().putAll(env);
        Process process;
        try {
            process = builder.start();
        } catch (IOException e) {
            return new Exit(null, "", "", false, e.getMessage());
        }
        CompletableFuture<String> out = drain(process.getInputStream());
        CompletableFuture<String> err = drain(process.getErrorStream());
        Thread.ofVirtual().name("moka-hook-stdin").start(() -> feed(process.getOutputStream(), stdin));
        boolean exited;
        try {
            exited = process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            killTree(process);
            throw e;
        }
        if (!exited) {
            killTree(process);
            return new Exit(null, collected(out), collected(err), true, null);
        }
        // A child the hook left running (its own business, as under Codex) may hold the pipes open: its output
        // is not waited for past a moment.
        return new Exit(process.exitValue(), collected(out), collected(err), false, null);
    }

    /** Kills the hook and its descendants, children first seen before the parent goes (they would be reparented). */
    private static void killTree(Process process) {
        List<ProcessHandle> descendants = process.descendants().toList();
        process.destroyForcibly();
        descendants.forEach(ProcessHandle::destroyForcibly);
    }

    private static void feed(OutputStream stdin, String text) {
        try (stdin) {
            stdin.write(text.getBytes(StandardCharsets.UTF_8));
        } catch (IOException e) {
            // The hook need not read its input: it may exit, or close stdin, before all of it is written.
        }
    }

    private static CompletableFuture<String> drain(InputStream stream) {
        CompletableFuture<String> text = new CompletableFuture<>();
        Thread.ofVirtual().name("moka-hook-output").start(() -> {
            try (stream) {
                byte[] kept = stream.readNBytes(MAX_OUTPUT);
                stream.transferTo(OutputStream.nullOutputStream());
                text.complete(new String(kept, StandardCharsets.UTF_8));
            } catch (IOException e) {
                text.complete("");
            }
        });
        return text;
    }

    private static String collected(CompletableFuture<String> text) throws InterruptedException {
        try {
            return text.get(DRAIN.toMillis(), TimeUnit.MILLISECONDS);
        } catch (ExecutionException | TimeoutException e) {
            return "";
        }
    }
}
