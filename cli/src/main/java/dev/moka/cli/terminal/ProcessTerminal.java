package dev.moka.cli.terminal;

import dev.moka.core.sandbox.LinuxCalls;
import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.charset.Charset;

/**
 * The process's own terminal: its modes and size by {@code ioctl} on standard input, frames written to standard
 * output, a resize told by {@code SIGWINCH}. Three ioctls through {@link LinuxCalls}' one system-call handle,
 * where a terminal library's native set-up (JLine's took some 150 ms, most of it method handles and stubs no
 * start-up cache keeps) stood between the start and the first frame. The request numbers are the kernel's
 * generic ones, which x86_64 shares.
 */
final class ProcessTerminal implements UiTerminal {
    private static final int STDIN = 0;
    private static final long TCGETS = 0x5401;
    private static final long TCSETS = 0x5402;
    private static final long TIOCGWINSZ = 0x5413;

    private final PrintWriter writer;
    private final TerminalModes opened;

    private ProcessTerminal(PrintWriter writer, TerminalModes opened) {
        this.writer = writer;
        this.opened = opened;
    }

    /** The terminal on standard input and output, frames encoded in {@code charset}. */
    static ProcessTerminal open(Charset charset) throws IOException {
        if (!LinuxCalls.supported()) {
            throw new IOException("the interactive UI drives terminals on Linux on x86_64 and aarch64, not on "
                    + System.getProperty("os.name") + " on " + System.getProperty("os.arch") + "; run: moka exec");
        }
        TerminalModes modes = read();
        // Not buffered beyond the encoder's own buffer: the UI flushes each frame whole.
        var out = new PrintWriter(new OutputStreamWriter(new FileOutputStream(FileDescriptor.out), charset));
        return new ProcessTerminal(out, modes);
    }

    private static TerminalModes read() throws IOException {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment termios = arena.allocate(TerminalModes.SIZE, 4);
            LinuxCalls.Result got = LinuxCalls.ioctl(STDIN, TCGETS, termios);
            if (got.failed()) {
                throw new IOException("cannot read the terminal's modes on standard input: " + got.reason());
            }
            return new TerminalModes(termios.toArray(ValueLayout.JAVA_BYTE));
        }
    }

    @Override
    public PrintWriter writer() {
        return writer;
    }

    @Override
    public TerminalSize size() {
        try (Arena arena = Arena.ofConfined()) {
            // struct winsize: rows, columns, then the size in pixels, each an unsigned short.
            MemorySegment size = arena.allocate(ValueLayout.JAVA_SHORT, 4);
            if (LinuxCalls.ioctl(STDIN, TIOCGWINSZ, size).failed()) {
                return new TerminalSize(0, 0);
            }
            return new TerminalSize(Short.toUnsignedInt(size.getAtIndex(ValueLayout.JAVA_SHORT, 1)),
                    Short.toUnsignedInt(size.getAtIndex(ValueLayout.JAVA_SHORT, 0)));
        }
    }

    @Override
    public TerminalModes modes() {
        try {
            return read();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    public void setModes(TerminalModes modes) {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment termios = arena.allocate(TerminalModes.SIZE, 4);
            termios.copyFrom(MemorySegment.ofArray(modes.bytes()));
            LinuxCalls.Result set = LinuxCalls.ioctl(STDIN, TCSETS, termios);
            if (set.failed()) {
                throw new UncheckedIOException(new IOException("cannot set the terminal's modes: " + set.reason()));
            }
        }
    }

    @Override
    @SuppressWarnings("sunapi")
    public void onResize(Runnable action) {
        // The JDK's one way to handle a signal the JVM itself leaves alone.
        sun.misc.Signal.handle(new sun.misc.Signal("WINCH"), signal -> action.run());
    }

    @Override
    public void close() {
        writer.flush();
        try {
            setModes(opened);
        } catch (UncheckedIOException e) {
            // The terminal is gone (its window closed): there is nothing left to restore.
        }
    }
}
