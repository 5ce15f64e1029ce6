package dev.moka.protocol;

import tools.jackson.databind.DeserializationFeature;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.PropertyNamingStrategies;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/** The one JSON mapper of Moka: snake_case records, unknown properties tolerated. */
public final class Json {
    /** Immutable and thread-safe, so sharing one instance is safe. */
    public static final JsonMapper MAPPER = JsonMapper.builder()
            .propertyNamingStrategy(PropertyNamingStrategies.SNAKE_CASE)
            .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
            .addModule(PathsAsText.module())
            .build();

    private Json() {}

    /**
     * Builds the mapper and the serializers a session needs first (the polymorphic event family, records),
     * for a front end to call on a background thread while it parses arguments: doing this on first use
     * would put tens of milliseconds on the path to the first request.
     */
    public static void warmUp() {
        MAPPER.valueToTree(new EventMsg.SessionConfigured("", "", "", "", "", "", null, "", 0, 0, false));
        MAPPER.valueToTree(new EventMsg.TokenCount(TokenUsage.ZERO, TokenUsage.ZERO, 0, 0, 0));
    }

    /**
     * Builds the serializers of the events every turn records in its rollout before the first request (its
     * start and the person's message, and the message as an item), which would otherwise be built on that turn's path: for a front end
     * that has time to spare before its first turn, such as the interactive UI while the person types.
     */
    public static void warmUpTurn() {
        MAPPER.valueToTree(new EventMsg.TaskStarted(0));
        MAPPER.valueToTree(new EventMsg.UserMessage("", java.util.List.of()));
        MAPPER.valueToTree(new EventMsg.AgentMessage(""));
        MAPPER.valueToTree(new EventMsg.TaskComplete(""));
        // The person's message as the rollout records it and the request carries it.
        MAPPER.writeValueAsBytes(ResponseItemCodec.toJson(ResponseItem.Message.user("warm up")));
    }

    public static ObjectNode object() {
        return JsonNodeFactory.instance.objectNode();
    }

    public static ArrayNode array() {
        return JsonNodeFactory.instance.arrayNode();
    }

    /** Parses JSON text; throws {@link tools.jackson.core.JacksonException} on bad input. */
    public static JsonNode parse(String text) {
        return MAPPER.readTree(text);
    }

    public static String write(Object value) {
        return MAPPER.writeValueAsString(value);
    }

    /** A text field or null when absent or not text. */
    public static String text(JsonNode node, String field) {
        JsonNode value = node == null ? null : node.get(field);
        return value == null || !value.isString() ? null : value.asString();
    }
}
