package dev.moka.cli.tui;

import dev.moka.cli.terminal.UiTerminal;
import java.io.IOException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;

/**
 * The process's one terminal for the trust question and the UI, opened on a thread of its own from the start
 * of an interactive run, beside reading the config and opening the session: little is left to do there (three
 * ioctls), but its first system call may be the process's first, which binds the call handle. Closing it
 * leaves the terminal in the modes it had.
 */
public final class TerminalOpening implements AutoCloseable {
    private final CompletableFuture<UiTerminal> terminal;

    private TerminalOpening(CompletableFuture<UiTerminal> terminal) {
        this.terminal = terminal;
    }

    /** Starts opening the process's terminal ({@code streams} null) or one over {@code streams}. */
    public static TerminalOpening start(Tui.Streams streams) {
        return new TerminalOpening(opening(streams));
    }

    /** The terminal {@link #opening} started to open. */
    public static TerminalOpening of(CompletableFuture<UiTerminal> opening) {
        return new TerminalOpening(opening);
    }

    /**
     * Starts opening a terminal and gives only its future, for code below the UI that hands it on (Main's
     * {@code Startup}) without knowing the UI.
     */
    public static CompletableFuture<UiTerminal> opening(Tui.Streams streams) {
        CompletableFuture<UiTerminal> terminal = new CompletableFuture<>();
        // A platform thread, as for any warm-up: opening loads and initialises classes (see WarmUp).
        Thread.ofPlatform().daemon(true).name("moka-tui-terminal").start(() -> {
            try {
                terminal.complete(Tui.terminal(streams));
            } catch (IOException | RuntimeException | LinkageError e) {
                terminal.completeExceptionally(e);
            }
        });
        return terminal;
    }

    /** The terminal, once it is open. */
    UiTerminal get() throws IOException {
        try {
            return terminal.get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while opening the terminal", e);
        } catch (ExecutionException e) {
            if (e.getCause() instanceof IOException io) {
                throw io;
            }
            throw new IOException("cannot open the terminal: " + e.getCause(), e.getCause());
        }
    }

    @Override
    public void close() throws IOException {
        UiTerminal opened;
        try {
            opened = get();
        } catch (IOException notOpened) {
            return;
        }
        opened.close();
    }
}
