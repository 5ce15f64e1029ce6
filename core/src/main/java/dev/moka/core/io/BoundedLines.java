package dev.moka.core.io;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;

/**
 * Splits a stream (an MCP server's output, a rollout, a JSONL file) into lines of at most {@code max} bytes each.
 * A longer line is not held: it is read to its end and reported by its size, its first and its last {@link #KEPT}
 * bytes, which is enough to tell what it was (a JSON-RPC answer keeps its {@code id} at one of its ends). A damaged
 * file with a line of gigabytes (a crash that left no newline, a sparse file) costs no more memory than the bound.
 */
public final class BoundedLines implements AutoCloseable {
    public static final int KEPT = 256;

    /** One line of the stream, without its line end. */
    public sealed interface Line {
        /** A line within the bound, as raw bytes: a reader that must refuse bytes that are not UTF-8 can. */
        record Whole(byte[] bytes) implements Line {
            /** The line as text, with what is not UTF-8 replaced. */
            public String text() {
                return new String(bytes, StandardCharsets.UTF_8);
            }
        }

        /** A line over the bound: its length in bytes and its two ends. */
        record TooLong(long bytes, String head, String tail) implements Line {}
    }

    private final InputStream in;
    private final int max;
    private final byte[] buffer = new byte[64 * 1024];
    private int position;
    private int limit;
    private byte[] line = new byte[8 * 1024];
    private int length;
    private long total;
    private boolean tooLong;
    private final byte[] tail = new byte[KEPT];
    private int tailLength;

    public BoundedLines(InputStream in, int max) {
        this.in = in;
        this.max = max;
    }

    /** The lines of {@code file}. */
    public static BoundedLines of(Path file, int max) throws IOException {
        return new BoundedLines(Files.newInputStream(file), max);
    }

    @Override
    public void close() throws IOException {
        in.close();
    }

    /** The next line, or null at the end of the stream (a last line without a newline is still a line). */
    public Line next() throws IOException {
        length = 0;
        total = 0;
        tooLong = false;
        tailLength = 0;
        while (true) {
            if (position == limit) {
                int read = in.read(buffer);
                if (read <= 0) {
                    position = limit = 0;
                    return total == 0 ? null : finish();
                }
                position = 0;
                limit = read;
            }
            int newline = indexOfNewline();
            int end = newline < 0 ? limit : newline;
            take(position, end - position);
            position = newline < 0 ? limit : newline + 1;
            if (newline >= 0) {
                return finish();
            }
        }
    }

    private int indexOfNewline() {
        for (int i = position; i < limit; i++) {
            if (buffer[i] == '\n') {
                return i;
            }
        }
        return -1;
    }

    /** Adds {@code count} bytes of the buffer to the line, or, once it is too long, to its tail only. */
    private void take(int from, int count) {
        if (!tooLong) {
            int fits = Math.min(count, max - length);
            if (length + fits > line.length) {
                line = Arrays.copyOf(line, (int) Math.min(max, Math.max(length + fits, 2L * line.length)));
            }
            System.arraycopy(buffer, from, line, length, fits);
            length += fits;
            total += fits;
            if (fits == count) {
                return;
            }
            // The line just went past the bound: keep its head, and start its tail from what was held.
            tooLong = true;
            keepTail(line, Math.max(0, length - KEPT), Math.min(length, KEPT));
            line = Arrays.copyOf(line, Math.min(length, KEPT));
            from += fits;
            count -= fits;
        }
        total += count;
        keepTail(buffer, from + Math.max(0, count - KEPT), Math.min(count, KEPT));
    }

    private void keepTail(byte[] from, int offset, int count) {
        int kept = Math.min(tailLength, KEPT - count);
        System.arraycopy(tail, tailLength - kept, tail, 0, kept);
        System.arraycopy(from, offset, tail, kept, count);
        tailLength = kept + count;
    }

    private Line finish() {
        if (tooLong) {
            String head = new String(line, 0, line.length, StandardCharsets.UTF_8);
            Line tooLong = new Line.TooLong(total, head, new String(tail, 0, tailLength, StandardCharsets.UTF_8));
            line = new byte[8 * 1024];
            return tooLong;
        }
        int end = length > 0 && line[length - 1] == '\r' ? length - 1 : length;
        byte[] whole = Arrays.copyOf(line, end);
        if (line.length > 1024 * 1024) {
            // A huge answer is not held on to until the next one.
            line = new byte[8 * 1024];
        }
        return new Line.Whole(whole);
    }
}
