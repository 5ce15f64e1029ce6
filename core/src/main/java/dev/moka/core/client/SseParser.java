package dev.moka.core.client;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Splits a Server-Sent Events stream into messages, following the WHATWG rules that matter here: lines end
 * with LF, CRLF or CR; {@code data:} lines of one message are joined with LF; lines starting with {@code :}
 * are comments; one space after the colon is dropped; a message ends at a blank line and one without data
 * is skipped; an unfinished message at end of input is dropped, as it may be cut short. One line, and the
 * data of one message, hold at most {@link #MAX_MESSAGE_BYTES}: past that the stream is broken.
 */
final class SseParser {
    /**
     * The most bytes one line, or the data of one message, may hold. Deltas are tens of bytes; the largest
     * real message is {@code response.completed}, which repeats the whole output: at a model's cap of about
     * 128k output tokens that is at most a few MB even for a big {@code apply_patch} escaped twice. 16 MiB
     * leaves that room several times over, while one message parsed into a JSON tree (about six times its
     * size) stays near 100 MB instead of growing until the heap runs out.
     */
    static final int MAX_MESSAGE_BYTES = 16 * 1024 * 1024;
    private static final int INITIAL_LINE_BYTES = 256;
    /** A line buffer grown past this is dropped after its line, so one big message does not pin its memory. */
    private static final int KEPT_LINE_BYTES = 64 * 1024;
    private static final byte[] DATA = "data".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] EVENT = "event".getBytes(StandardCharsets.US_ASCII);

    /** One dispatched message; {@code event} is null when the message named none. */
    record Message(String event, String data) {}

    private final InputStream in;
    private final int maxBytes;
    private final byte[] buffer = new byte[8192];
    private int position;
    private int limit;
    /** The last line ended with CR, so an LF that comes next belongs to that line end. */
    private boolean afterCr;
    private byte[] line = new byte[INITIAL_LINE_BYTES];
    private int lineLength;

    SseParser(InputStream in) {
        this(in, MAX_MESSAGE_BYTES);
    }

    /** A parser with another bound than {@link #MAX_MESSAGE_BYTES}, for tests. */
    SseParser(InputStream in, int maxBytes) {
        this.in = in;
        this.maxBytes = maxBytes;
    }

    /** The next message, or null at end of input; throws when a line or a message's data is too long. */
    Message next() throws IOException {
        String event = null;
        List<String> data = new ArrayList<>(1);
        long dataBytes = 0;
        while (readLine()) {
            if (lineLength == 0) {
                if (!data.isEmpty()) {
                    return new Message(event, data.size() == 1 ? data.getFirst() : String.join("\n", data));
                }
                event = null;
                continue;
            }
            if (line[0] == ':') {
                continue;
            }
            int colon = indexOfColon();
            int valueStart = colon < 0 ? lineLength : colon + 1;
            if (valueStart < lineLength && line[valueStart] == ' ') {
                valueStart++;
            }
            int fieldLength = colon < 0 ? lineLength : colon;
            if (fieldIs(DATA, fieldLength)) {
                dataBytes += lineLength - valueStart + (data.isEmpty() ? 0 : 1);
                if (dataBytes > maxBytes) {
                    throw tooLong("the data of one SSE message");
                }
                data.add(text(valueStart));
            } else if (fieldIs(EVENT, fieldLength)) {
                event = text(valueStart);
            }
        }
        return null;
    }

    /** Reads the next whole line into {@link #line}; false at end of input (a last unended line is dropped). */
    private boolean readLine() throws IOException {
        if (line.length > KEPT_LINE_BYTES) {
            line = new byte[INITIAL_LINE_BYTES];
        }
        lineLength = 0;
        while (true) {
            if (position == limit && !fill()) {
                return false;
            }
            if (afterCr) {
                afterCr = false;
                if (buffer[position] == '\n') {
                    position++;
                    continue;
                }
            }
            int end = position;
            while (end < limit && buffer[end] != '\n' && buffer[end] != '\r') {
                end++;
            }
            append(end - position);
            if (end < limit) {
                afterCr = buffer[end] == '\r';
                position = end + 1;
                return true;
            }
            position = limit;
        }
    }

    private boolean fill() throws IOException {
        int read;
        do {
            read = in.read(buffer);
        } while (read == 0);
        if (read < 0) {
            return false;
        }
        position = 0;
        limit = read;
        return true;
    }

    private void append(int count) throws IOException {
        if (count > maxBytes - lineLength) {
            throw tooLong("one SSE line");
        }
        if (lineLength + count > line.length) {
            int grown = (int) Math.min(Math.max(2L * line.length, lineLength + count), maxBytes);
            line = Arrays.copyOf(line, grown);
        }
        System.arraycopy(buffer, position, line, lineLength, count);
        lineLength += count;
    }

    private IOException tooLong(String what) {
        String bound = maxBytes % (1024 * 1024) == 0 ? maxBytes / (1024 * 1024) + " MiB" : maxBytes + " bytes";
        return new IOException(what + " is longer than the client's bound of " + bound + " per SSE line or"
                + " message, far more than any Responses event needs; the server sent a broken stream");
    }

    private int indexOfColon() {
        for (int i = 0; i < lineLength; i++) {
            if (line[i] == ':') {
                return i;
            }
        }
        return -1;
    }

    private boolean fieldIs(byte[] name, int fieldLength) {
        return fieldLength == name.length && Arrays.equals(line, 0, fieldLength, name, 0, name.length);
    }

    private String text(int from) {
        return new String(line, from, lineLength - from, StandardCharsets.UTF_8);
    }
}
