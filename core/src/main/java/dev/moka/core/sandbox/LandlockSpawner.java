package dev.moka.core.sandbox;

import java.io.IOException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.LinkedBlockingQueue;

/**
 * A platform thread restricted by one Landlock plan and the seccomp program, which starts processes for
 * others: a restriction binds the native thread that made it, and every child it starts inherits it, while
 * the rest of the JVM stays unrestricted. Never a virtual thread, which hops between carriers.
 */
final class LandlockSpawner implements AutoCloseable {
    private record Request(ProcessBuilder builder, CompletableFuture<Process> result) {}

    private final LinkedBlockingQueue<Request> requests = new LinkedBlockingQueue<>();
    private final CompletableFuture<Void> ready = new CompletableFuture<>();
    private final Thread thread;

    LandlockSpawner(Landlock.Plan plan, byte[] seccompProgram) {
        this.thread = Thread.ofPlatform().daemon().name("moka-landlock-spawner").start(() -> serve(plan,
                seccompProgram));
    }

    private void serve(Landlock.Plan plan, byte[] seccompProgram) {
        try {
            Landlock.restrictCurrentThread(plan, seccompProgram);
            ready.complete(null);
        } catch (SandboxUnavailableException | RuntimeException e) {
            ready.completeExceptionally(e);
            return;
        }
        while (true) {
            Request request;
            try {
                request = requests.take();
            } catch (InterruptedException e) {
                return;
            }
            try {
                request.result().complete(request.builder().start());
            } catch (IOException | RuntimeException e) {
                request.result().completeExceptionally(e);
            }
        }
    }

    /** Waits until the thread is restricted; throws what stopped it. */
    void awaitReady() throws SandboxUnavailableException {
        try {
            ready.get();
        } catch (ExecutionException e) {
            if (e.getCause() instanceof SandboxUnavailableException unavailable) {
                throw unavailable;
            }
            throw new SandboxUnavailableException("Landlock could not be applied: " + e.getCause());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new SandboxUnavailableException("interrupted while applying Landlock");
        }
    }

    Process start(ProcessBuilder builder) throws IOException {
        var request = new Request(builder, new CompletableFuture<>());
        requests.add(request);
        try {
            return request.result().get();
        } catch (ExecutionException e) {
            if (e.getCause() instanceof IOException io) {
                throw io;
            }
            throw new IOException("cannot start the command in the Landlock sandbox: " + e.getCause(), e.getCause());
        } catch (InterruptedException e) {
            // The process may still start; it will have no owner, so end it as soon as it exists.
            request.result().thenAccept(Process::destroyForcibly);
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while starting the command");
        }
    }

    @Override
    public void close() {
        thread.interrupt();
    }
}
