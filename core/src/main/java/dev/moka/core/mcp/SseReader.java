package dev.moka.core.mcp;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.function.Predicate;

/**
 * Reads the events of one server-sent event stream (the WHATWG rules that MCP's streamable HTTP uses), keeping
 * what resuming the stream needs: the last event id seen, an event without data (the priming event) included,
 * and the last {@code retry:} delay.
 */
final class SseReader {
    private SseReader() {}

    /** Where a stream stands: the id to resume after (null: none seen) and how long to wait before resuming. */
    record Position(String lastEventId, Duration retry) {}

    /** Where the stream stopped, and whether it stopped because an event carried the answer waited for. */
    record Outcome(Position position, boolean answered) {}

    /**
     * Hands the data of each message event to {@code onData}, until it returns true (the answer waited for) or the
     * stream ends.
     */
    static Outcome read(InputStream in, Position from, Predicate<String> onData) throws IOException {
        var reader = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8));
        String lastEventId = from.lastEventId();
        Duration retry = from.retry();
        StringBuilder data = new StringBuilder();
        String event = null;
        String id = null;
        for (String line = reader.readLine(); line != null; line = reader.readLine()) {
            if (line.isEmpty()) {
                if (id != null) {
                    lastEventId = id;
                }
                boolean message = event == null || event.equals("message");
                if (message && !data.isEmpty() && onData.test(data.toString())) {
                    return new Outcome(new Position(lastEventId, retry), true);
                }
                data.setLength(0);
                event = null;
                id = null;
                continue;
            }
            int colon = line.indexOf(':');
            String field = colon < 0 ? line : line.substring(0, colon);
            String value = colon < 0 ? "" : line.substring(colon + 1);
            if (value.startsWith(" ")) {
                value = value.substring(1);
            }
            switch (field) {
                case "data" -> data.append(data.isEmpty() ? "" : "\n").append(value);
                case "event" -> event = value;
                case "id" -> id = value.indexOf('\0') < 0 ? value : id;
                case "retry" -> retry = value.matches("\\d{1,9}") ? Duration.ofMillis(Long.parseLong(value)) : retry;
                default -> { }
            }
        }
        return new Outcome(new Position(lastEventId, retry), false);
    }
}
