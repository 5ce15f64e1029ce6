package dev.moka.core.client;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.Reader;

/**
 * Splits a Server-Sent Events stream into messages, following the WHATWG rules that matter here: lines end
 * with LF, CRLF or CR; {@code data:} lines of one message are joined with LF; lines starting with {@code :}
 * are comments; one space after the colon is dropped; a message ends at a blank line and one without data
 * is skipped; an unfinished message at end of input is dropped, as it may be cut short.
 */
final class SseParser {
    /** One dispatched message; {@code event} is null when the message named none. */
    record Message(String event, String data) {}

    private final BufferedReader lines;

    SseParser(Reader in) {
        // BufferedReader.readLine already treats LF, CRLF and CR as line ends.
        this.lines = in instanceof BufferedReader b ? b : new BufferedReader(in);
    }

    /** The next message, or null at end of input. */
    Message next() throws IOException {
        String event = null;
        StringBuilder data = null;
        for (String line = lines.readLine(); line != null; line = lines.readLine()) {
            if (line.isEmpty()) {
                if (data != null) {
                    return new Message(event, data.toString());
                }
                event = null;
                continue;
            }
            if (line.startsWith(":")) {
                continue;
            }
            int colon = line.indexOf(':');
            String field = colon < 0 ? line : line.substring(0, colon);
            String value = colon < 0 ? "" : line.substring(colon + 1);
            if (value.startsWith(" ")) {
                value = value.substring(1);
            }
            switch (field) {
                case "event" -> event = value;
                case "data" -> data = data == null ? new StringBuilder(value) : data.append('\n').append(value);
                default -> { }
            }
        }
        return null;
    }
}
