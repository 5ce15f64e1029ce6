package dev.moka.cli.tui;

import java.io.FileDescriptor;
import java.io.FileInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.Charset;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.IllegalCharsetNameException;
import java.nio.charset.StandardCharsets;
import java.nio.charset.UnsupportedCharsetException;

/**
 * What the person types, read straight from the terminal one read at a time, so that the key decoder knows
 * where each read ended (an Esc alone in a read is the Esc key; see {@link KeyDecoder}). JLine's reader
 * cannot tell: it hands over one byte at a time and never says whether more came in the same read. Make one
 * per process and pass it to every part of the UI that reads keys: what one part leaves unread of a read is
 * the next part's, and a second reader would take keys meant for the first.
 */
public final class KeyInput implements KeyDecoder.Source {
    /** As much as one read takes; a paste longer than this simply takes several. */
    private static final int READ_BYTES = 8192;

    private final InputStream in;
    private final CharsetDecoder decoder;
    /** The bytes of a character that one read cut short, kept for the next read to complete. */
    private final ByteBuffer bytes = ByteBuffer.allocate(READ_BYTES);
    private CharBuffer chars = CharBuffer.allocate(0);

    private KeyInput(InputStream in, Charset charset) {
        this.in = in;
        this.decoder = charset.newDecoder().onMalformedInput(CodingErrorAction.REPLACE)
                .onUnmappableCharacter(CodingErrorAction.REPLACE);
    }

    /**
     * The keys of the process's terminal ({@code streams} null), read from file descriptor 0 itself: each
     * read(2) hands over what the terminal had, whole. Or those of {@code streams}, each of its reads a read.
     */
    public static KeyInput of(Tui.Streams streams) {
        return streams == null ? new KeyInput(new FileInputStream(FileDescriptor.in), terminalCharset())
                : new KeyInput(streams.in(), StandardCharsets.UTF_8);
    }

    /** The keys of {@code in}, in UTF-8, each of its reads taken as one read of a terminal. */
    static KeyInput of(InputStream in) {
        return new KeyInput(in, StandardCharsets.UTF_8);
    }

    @Override
    public int next() throws IOException {
        while (!chars.hasRemaining()) {
            if (!read()) {
                return -1;
            }
        }
        return chars.get();
    }

    @Override
    public boolean readEnded() {
        return !chars.hasRemaining();
    }

    /** Decodes one read into {@code chars}; false at the end of input. */
    private boolean read() throws IOException {
        int n = in.read(bytes.array(), bytes.position(), bytes.remaining());
        if (n < 0) {
            return false;
        }
        bytes.position(bytes.position() + n);
        bytes.flip();
        CharBuffer decoded = CharBuffer.allocate(bytes.remaining());
        decoder.decode(bytes, decoded, false);
        bytes.compact();
        chars = decoded.flip();
        return true;
    }

    /**
     * The locale's charset for what is typed, as the JVM sees it; UTF-8 where no locale is set (C, POSIX), for
     * the same reason bin/moka writes UTF-8 there: the terminal is UTF-8 almost everywhere.
     */
    private static Charset terminalCharset() {
        String name = System.getProperty("stdin.encoding");
        try {
            Charset charset = name == null ? StandardCharsets.UTF_8 : Charset.forName(name);
            return charset.equals(StandardCharsets.US_ASCII) ? StandardCharsets.UTF_8 : charset;
        } catch (IllegalCharsetNameException | UnsupportedCharsetException e) {
            return StandardCharsets.UTF_8;
        }
    }
}
