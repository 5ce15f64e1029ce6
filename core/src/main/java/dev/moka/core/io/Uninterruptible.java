package dev.moka.core.io;

import java.io.IOException;
import java.io.InterruptedIOException;
import java.io.UncheckedIOException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.FutureTask;

/**
 * Runs file I/O that must never be cut short by an interrupt. A {@code FileChannel} is an interruptible
 * channel: an interrupt of the thread using it closes it for good (and drops its locks), so Esc landing on a
 * turn that was just recording a line would end the rollout. Here the I/O runs on a fresh thread that nothing
 * else knows of, so nothing can interrupt it; the caller waits for it whatever happens, and keeps its own
 * interrupt flag for the code that should react to it.
 */
public final class Uninterruptible {
    /**
     * File work that may fail with an {@link IOException}; it may also wait (for a process, another task),
     * which on its own thread no interrupt ends.
     */
    @FunctionalInterface
    public interface Io<T> {
        T run() throws IOException, InterruptedException;
    }

    private Uninterruptible() {}

    /** {@code io}'s result, or its exception as it threw it; runs to its end even when the caller is interrupted. */
    public static <T> T call(String name, Io<T> io) throws IOException {
        var task = new FutureTask<T>(() -> {
            try {
                return io.run();
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            } catch (InterruptedException e) {
                // Nothing knows this thread; should it be interrupted all the same, the work did not finish.
                throw new UncheckedIOException(new InterruptedIOException("interrupted: " + name));
            }
        });
        Thread.ofVirtual().name(name).start(task);
        boolean interrupted = false;
        try {
            while (true) {
                try {
                    return task.get();
                } catch (InterruptedException e) {
                    // Waiting again: leaving now would let the caller's next line overtake this one.
                    interrupted = true;
                } catch (ExecutionException e) {
                    throw rethrown(e.getCause());
                }
            }
        } finally {
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
        }
    }

    private static IOException rethrown(Throwable cause) {
        return switch (cause) {
            case UncheckedIOException e -> e.getCause();
            case RuntimeException e -> throw e;
            case Error e -> throw e;
            default -> new IOException(cause);
        };
    }
}
