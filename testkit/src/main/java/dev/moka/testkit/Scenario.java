package dev.moka.testkit;

import dev.moka.protocol.Json;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * Replies read from a scenario JSON file: a list whose entries are
 * {@code {"answer": {...}}} (a model answer in neutral form, see {@link ScenarioAnswer}, streamed in the shape of
 * the wire API the scenario is run on), {@code {"sse": [event objects], "drop_after": n, "stall_after": n,
 * "stall_ms": ms}} (Responses events as they are sent; the last three optional; sequence numbers are filled in)
 * or {@code {"status": 429, "headers": {"retry-after": "1"}, "body": {...}}}. A script of answers and statuses
 * runs unchanged on both wire APIs.
 */
public final class Scenario {
    /** The wire API a scenario's answers are streamed in. */
    public enum Wire {
        RESPONSES,
        CHAT
    }

    private Scenario() {}

    /** Replies from a scenario file. */
    public static List<Reply> load(Path file) {
        try {
            return parse(Files.readString(file), file.toString());
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read scenario file " + file, e);
        }
    }

    /** Replies from a scenario shipped in this module, e.g. {@code "tool-round-trip.json"}. */
    public static List<Reply> resource(String name) {
        return resource(name, Wire.RESPONSES);
    }

    /** Replies from a scenario shipped in this module, its answers streamed as {@code wire} streams them. */
    public static List<Reply> resource(String name, Wire wire) {
        try (InputStream in = Scenario.class.getResourceAsStream(name)) {
            if (in == null) {
                throw new IllegalArgumentException("no scenario resource dev/moka/testkit/" + name);
            }
            return parse(new String(in.readAllBytes(), StandardCharsets.UTF_8), name, wire);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read scenario resource " + name, e);
        }
    }

    /** Replies from scenario JSON text; {@code origin} names the source in error messages. */
    public static List<Reply> parse(String json, String origin) {
        return parse(json, origin, Wire.RESPONSES);
    }

    /** Replies from scenario JSON text, its answers streamed as {@code wire} streams them. */
    public static List<Reply> parse(String json, String origin, Wire wire) {
        JsonNode root = Json.parse(json);
        if (!root.isArray()) {
            throw new IllegalArgumentException(origin + ": a scenario is a JSON list of replies, got "
                    + root.getNodeType());
        }
        List<Reply> replies = new ArrayList<>();
        for (int i = 0; i < root.size(); i++) {
            replies.add(reply(root.get(i), origin + "[" + i + "]", i + 1, wire));
        }
        return List.copyOf(replies);
    }

    private static Reply reply(JsonNode entry, String where, int number, Wire wire) {
        if (entry.get("answer") instanceof ObjectNode answer) {
            return ScenarioAnswer.render(answer, number, wire, where + ".answer");
        }
        if (entry.has("sse")) {
            if (wire == Wire.CHAT) {
                throw new IllegalArgumentException(where + ": \"sse\" holds Responses events, which a chat "
                        + "scenario cannot send; write the reply as an \"answer\"");
            }
            return stream(entry, where);
        }
        if (entry.has("status") && entry.get("status").canConvertToInt()) {
            JsonNode body = entry.get("body");
            String text = body == null ? "" : body.isString() ? body.asString() : Json.write(body);
            StatusReply reply = Reply.status(entry.get("status").asInt(), text);
            JsonNode headers = entry.get("headers");
            if (headers != null) {
                for (var header : headers.properties()) {
                    reply = reply.header(header.getKey(), header.getValue().asString());
                }
            }
            return reply;
        }
        throw new IllegalArgumentException(where + ": a reply needs \"answer\": {...}, \"sse\": [events] or "
                + "\"status\": <code>, got " + entry);
    }

    private static Sse stream(JsonNode entry, String where) {
        Sse sse = Sse.raw();
        int index = 0;
        for (JsonNode event : entry.get("sse")) {
            String type = Json.text(event, "type");
            if (!(event instanceof ObjectNode data) || type == null) {
                throw new IllegalArgumentException(where + ".sse[" + index + "]: an event is an object with a "
                        + "\"type\", got " + event);
            }
            sse = sse.rawEvent(type, data);
            index++;
        }
        if (entry.has("drop_after")) {
            sse = sse.dropAfter(entry.get("drop_after").asInt());
        }
        if (entry.has("stall_after")) {
            sse = sse.stallAfter(entry.get("stall_after").asInt(), Duration.ofMillis(entry.path("stall_ms").asLong()));
        }
        return sse;
    }
}
