package dev.moka.cli.tui;

import java.io.IOException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import org.jline.terminal.Terminal;

/**
 * The process's one terminal for the trust question and the UI, opened on a thread of its own from the start
 * of an interactive run: JLine's native terminal takes tens of milliseconds to set up (method handles no start-up
 * cache keeps), which overlap reading the config and opening the session. Closing it closes the terminal.
 */
public final class TerminalOpening implements AutoCloseable {
    private final CompletableFuture<Terminal> terminal;

    private TerminalOpening(CompletableFuture<Terminal> terminal) {
        this.terminal = terminal;
    }

    /** Starts opening the process's terminal ({@code streams} null) or one over {@code streams}. */
    public static TerminalOpening start(Tui.Streams streams) {
        return new TerminalOpening(opening(streams));
    }

    /** The terminal {@link #opening} started to open. */
    public static TerminalOpening of(CompletableFuture<Terminal> opening) {
        return new TerminalOpening(opening);
    }

    /**
     * Starts opening a terminal and gives only its future, for code below the UI that hands it on (Main's
     * {@code Startup}) without knowing the UI.
     */
    public static CompletableFuture<Terminal> opening(Tui.Streams streams) {
        CompletableFuture<Terminal> terminal = new CompletableFuture<>();
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
    Terminal get() throws IOException {
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
        Terminal opened;
        try {
            opened = get();
        } catch (IOException notOpened) {
            return;
        }
        opened.close();
    }
}
