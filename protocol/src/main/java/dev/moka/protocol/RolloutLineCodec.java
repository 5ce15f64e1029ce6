package dev.moka.protocol;

import java.util.ArrayList;
import java.util.List;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/** Rollout lines to and from their JSON text, one object per line, in the format Codex's rollouts use. */
public final class RolloutLineCodec {
    private RolloutLineCodec() {}

    /** A line that cannot be read back; the message says why, for the warning that skips it. */
    public static final class DamagedLine extends Exception {
        private static final long serialVersionUID = 1L;

        DamagedLine(String message) {
            super(message);
        }
    }

    public static ObjectNode toJson(RolloutLine line) {
        ObjectNode json = Json.object().put("timestamp", line.timestamp());
        switch (line) {
            case RolloutLine.SessionMeta m -> json.put("type", "session_meta").set("payload", m.meta());
            case RolloutLine.Item i ->
                    json.put("type", "response_item").set("payload", ResponseItemCodec.toJson(i.item()));
            case RolloutLine.Event e -> json.put("type", "event_msg").set("payload", e.event());
            case RolloutLine.TurnContext c -> json.put("type", "turn_context").set("payload", c.context());
            case RolloutLine.Compacted c -> {
                ObjectNode payload = json.put("type", "compacted").putObject("payload");
                if (c.message() != null) {
                    payload.put("message", c.message());
                }
                var items = payload.putArray("replacement_history");
                c.replacementHistory().forEach(item -> items.add(ResponseItemCodec.toJson(item)));
            }
            case RolloutLine.ScriptValue v -> {
                ObjectNode payload = json.put("type", "script_value").putObject("payload");
                // Named "name", not "key": the rollout's secret redactor blanks the values of fields called key.
                payload.put("name", v.key());
                payload.set("value", v.value());
            }
            case RolloutLine.Unknown u -> json.put("type", u.type()).set("payload", u.payload());
        }
        return json;
    }

    /** Reads one line of text; a line that is not a rollout line of a known shape is a {@link DamagedLine}. */
    public static RolloutLine fromJson(String text) throws DamagedLine {
        JsonNode json;
        try {
            json = Json.parse(text);
        } catch (JacksonException e) {
            throw new DamagedLine("not JSON");
        }
        if (json == null || !json.isObject()) {
            throw new DamagedLine("not a JSON object");
        }
        String type = Json.text(json, "type");
        String timestamp = Json.text(json, "timestamp");
        JsonNode payload = json.get("payload");
        if (type == null) {
            throw new DamagedLine("no type");
        }
        if (payload == null || payload.isNull()) {
            throw new DamagedLine("a " + type + " line without payload");
        }
        try {
            return switch (type) {
                case "session_meta" -> new RolloutLine.SessionMeta(timestamp, object(payload, type));
                case "response_item" ->
                        new RolloutLine.Item(timestamp, ResponseItemCodec.fromJson(object(payload, type)));
                case "event_msg" -> new RolloutLine.Event(timestamp, payload);
                case "turn_context" -> new RolloutLine.TurnContext(timestamp, object(payload, type));
                case "compacted" -> compacted(timestamp, object(payload, type));
                case "script_value" -> new RolloutLine.ScriptValue(timestamp, payload.get("name").asString(),
                        payload.get("value"));
                default -> new RolloutLine.Unknown(timestamp, type, payload);
            };
        } catch (RuntimeException e) {
            // The codec refuses payloads of a known type with the wrong shape (a field of the wrong kind).
            throw new DamagedLine("a " + type + " line that cannot be read (" + e.getMessage() + ")");
        }
    }

    private static RolloutLine.Compacted compacted(String timestamp, ObjectNode payload) throws DamagedLine {
        List<ResponseItem> items = new ArrayList<>();
        for (JsonNode item : payload.path("replacement_history")) {
            items.add(ResponseItemCodec.fromJson(object(item, "replacement_history item")));
        }
        return new RolloutLine.Compacted(timestamp, Json.text(payload, "message"), items);
    }

    private static ObjectNode object(JsonNode node, String what) throws DamagedLine {
        if (node instanceof ObjectNode object) {
            return object;
        }
        throw new DamagedLine("a " + what + " that is not a JSON object");
    }
}
