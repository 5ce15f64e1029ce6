package dev.moka.core.session;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Reads a JSONL file one line at a time as raw bytes, never holding more than a bound of any one line: a
 * damaged file with a line of gigabytes (a crash that left no newline, a sparse file) costs no more memory
 * than the bound, and the caller skips that line with a warning.
 */
final class BoundedLines implements AutoCloseable {
    /**
     * One line without its newline; {@code bytes} is null when the line was longer than the bound.
     *
     * @param length the line's length in bytes, whole
     */
    record Line(byte[] bytes, long length) {
        boolean tooLong() {
            return bytes == null;
        }
    }

    private final InputStream in;
    private final int maxLineBytes;
    private final byte[] buffer = new byte[64 * 1024];
    private int start;
    private int end;

    BoundedLines(Path file, int maxLineBytes) throws IOException {
        this.in = Files.newInputStream(file);
        this.maxLineBytes = maxLineBytes;
    }

    /** The next line, or null at the end of the file; a last line without newline is a line too. */
    Line next() throws IOException {
        ByteArrayOutputStream line = new ByteArrayOutputStream();
        long length = 0;
        boolean any = false;
        while (start < end || fill()) {
            any = true;
            int newline = indexOfNewline();
            int stop = newline < 0 ? end : newline;
            int take = (int) Math.max(0, Math.min(stop - start, maxLineBytes - length));
            line.write(buffer, start, take);
            length += stop - start;
            start = newline < 0 ? end : newline + 1;
            if (newline >= 0) {
                break;
            }
        }
        if (!any) {
            return null;
        }
        return new Line(length > maxLineBytes ? null : line.toByteArray(), length);
    }

    @Override
    public void close() throws IOException {
        in.close();
    }

    private int indexOfNewline() {
        for (int i = start; i < end; i++) {
            if (buffer[i] == '\n') {
                return i;
            }
        }
        return -1;
    }

    private boolean fill() throws IOException {
        int read = in.read(buffer);
        start = 0;
        end = Math.max(read, 0);
        return read > 0;
    }
}
