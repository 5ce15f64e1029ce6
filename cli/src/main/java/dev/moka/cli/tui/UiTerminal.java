package dev.moka.cli.tui;

import java.io.PrintWriter;

/**
 * The terminal the trust question and the UI draw on: where frames are written, its size, its modes (raw for
 * {@link KeyInput}, cooked for an editor) and word of a resize. Keys are never read here: {@link KeyInput} is the
 * process's one reader of them.
 */
public sealed interface UiTerminal extends AutoCloseable permits ProcessTerminal, StreamTerminal {
    /** Where frames go; written and flushed by the UI thread. */
    PrintWriter writer();

    /** The size now; zero where the terminal tells none. */
    TerminalSize size();

    /** The modes now, to restore later. */
    TerminalModes modes();

    void setModes(TerminalModes modes);

    /** {@code action} runs, on a thread of the JVM's, each time the terminal's window changes size. */
    void onResize(Runnable action);

    /** Flushes what was written and leaves the terminal in the modes it had when it opened. */
    @Override
    void close();
}
