package dev.moka.cli.terminal;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Arrays;

/**
 * A terminal's modes as the kernel keeps them: its {@code struct termios} (four 32-bit flag words, the line
 * discipline, then 19 control characters), the same layout and flag values on every architecture Moka runs on
 * (x86_64 and the generic table arm64 uses). Immutable: {@link #raw()} is a changed copy.
 */
public final class TerminalModes {
    /** {@code sizeof(struct termios)} as {@code TCGETS} fills it. */
    static final int SIZE = 36;
    private static final int IFLAG = 0;
    private static final int LFLAG = 12;
    private static final int CONTROL_CHARS = 17;
    private static final int INLCR = 0100;
    private static final int ICRNL = 0400;
    private static final int IXON = 02000;
    private static final int ISIG = 01;
    private static final int ICANON = 02;
    private static final int ECHO = 010;
    private static final int IEXTEN = 0100000;
    private static final int VTIME = 5;
    private static final int VMIN = 6;

    private final byte[] termios;

    TerminalModes(byte[] termios) {
        if (termios.length != SIZE) {
            throw new IllegalArgumentException("a struct termios has " + SIZE + " bytes, not " + termios.length);
        }
        this.termios = termios.clone();
    }

    byte[] bytes() {
        return termios.clone();
    }

    /**
     * The modes the UI reads keys in: no line editing, echo or signals (Ctrl+C is a key: interrupt,
     * then quit), no flow control or CR/NL translation on input, and a read that waits for the first byte
     * (VMIN 1, VTIME 0; a read returning nothing would be, to Java, the end of the input). Output is processed
     * as before, so a newline still starts the next line at its left.
     */
    public TerminalModes raw() {
        byte[] raw = termios.clone();
        ByteBuffer flags = ByteBuffer.wrap(raw).order(ByteOrder.nativeOrder());
        flags.putInt(IFLAG, flags.getInt(IFLAG) & ~(IXON | ICRNL | INLCR));
        flags.putInt(LFLAG, flags.getInt(LFLAG) & ~(ICANON | ECHO | IEXTEN | ISIG));
        raw[CONTROL_CHARS + VMIN] = 1;
        raw[CONTROL_CHARS + VTIME] = 0;
        return new TerminalModes(raw);
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof TerminalModes modes && Arrays.equals(termios, modes.termios);
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(termios);
    }
}
