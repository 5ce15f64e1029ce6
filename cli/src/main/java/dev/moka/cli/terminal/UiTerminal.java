package dev.moka.cli.terminal;

import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintWriter;
import java.nio.charset.Charset;

/**
 * The terminal the trust question and the UI draw on: where frames are written, its size, its modes (raw for
 * the UI's key reader, cooked for an editor) and word of a resize. Keys are never read here: the UI's key reader
 * is the process's one reader of them.
 */
public sealed interface UiTerminal extends AutoCloseable permits ProcessTerminal, StreamTerminal {
    /** The process's terminal, on standard input and output; frames are encoded in {@code charset}. */
    static UiTerminal ofProcess(Charset charset) throws IOException {
        return ProcessTerminal.open(charset);
    }

    /** A terminal-less run's screen: frames go to {@code out} (see {@link StreamTerminal}). */
    static UiTerminal over(OutputStream out) {
        return new StreamTerminal(out);
    }

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
