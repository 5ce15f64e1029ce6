package dev.moka.cli.terminal;

import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;

/**
 * A terminal-less run's screen (the start-up cache's training): frames go to a stream, the size is 80 by 24,
 * and there are no modes to change and no resizes.
 */
final class StreamTerminal implements UiTerminal {
    private static final TerminalModes NONE = new TerminalModes(new byte[TerminalModes.SIZE]);

    private final PrintWriter writer;

    StreamTerminal(OutputStream out) {
        this.writer = new PrintWriter(new OutputStreamWriter(out, StandardCharsets.UTF_8));
    }

    @Override
    public PrintWriter writer() {
        return writer;
    }

    @Override
    public TerminalSize size() {
        return new TerminalSize(80, 24);
    }

    @Override
    public TerminalModes modes() {
        return NONE;
    }

    @Override
    public void setModes(TerminalModes modes) {
        // A stream has no modes.
    }

    @Override
    public void onResize(Runnable action) {
        // A stream is never resized.
    }

    @Override
    public void close() {
        writer.flush();
    }
}
