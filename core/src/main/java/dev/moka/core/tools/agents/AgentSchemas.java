package dev.moka.core.tools.agents;

import dev.moka.protocol.Json;
import java.util.List;
import tools.jackson.databind.node.ObjectNode;

/**
 * The parameter schemas of the subagent tools, in the shape the models were trained on (property names, types,
 * which are required, {@code additionalProperties} last); the descriptions are Moka's own.
 */
final class AgentSchemas {
    private AgentSchemas() {}

    static ObjectNode object() {
        ObjectNode schema = Json.object().put("type", "object");
        schema.putObject("properties");
        return schema;
    }

    static ObjectNode property(ObjectNode schema, String name, String type, String description) {
        return ((ObjectNode) schema.get("properties")).putObject(name).put("type", type)
                .put("description", description);
    }

    /** The {@code items} array of structured input. */
    static void items(ObjectNode schema) {
        ObjectNode items = property(schema, "items", "array",
                "Structured input instead of message: text, or mentions of files, images or skills.");
        ObjectNode item = items.putObject("items").put("type", "object");
        ObjectNode fields = item.putObject("properties");
        fields.putObject("audio_url").put("type", "string").put("description", "An audio data URL (type audio).");
        fields.putObject("image_url").put("type", "string").put("description", "An image URL (type image).");
        fields.putObject("name").put("type", "string").put("description", "A name (type skill or mention).");
        fields.putObject("path").put("type", "string").put("description", "A local path (local_image, local_audio,"
                + " skill, mention).");
        fields.putObject("text").put("type", "string").put("description", "The text (type text).");
        fields.putObject("type").put("type", "string").put("description", "One of text, image, local_image, audio,"
                + " local_audio, skill, mention.");
        item.put("additionalProperties", false);
    }

    /** Closes the schema: {@code required} (when any) and {@code additionalProperties}, in that order. */
    static ObjectNode done(ObjectNode schema, List<String> required) {
        if (!required.isEmpty()) {
            var array = schema.putArray("required");
            required.forEach(array::add);
        }
        return schema.put("additionalProperties", false);
    }

    /** The text a child gets: {@code message}, or the items joined line by line. */
    static String text(String message, List<AgentItem> items) {
        if (message != null && !message.isBlank()) {
            return message;
        }
        if (items == null) {
            return "";
        }
        return String.join("\n", items.stream().map(AgentItem::asText).filter(line -> !line.isBlank()).toList());
    }
}
