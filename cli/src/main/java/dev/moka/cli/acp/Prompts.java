package dev.moka.cli.acp;

import dev.moka.protocol.InputItem;
import dev.moka.protocol.Json;
import dev.moka.protocol.Op;
import java.util.ArrayList;
import java.util.List;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;

/**
 * A {@code session/prompt}'s content blocks as the op that runs them: text and images as the person's input,
 * embedded resources as text that names where it came from, links as mentions; {@code /compact} alone compacts.
 */
final class Prompts {
    private static final String COMPACT = "/compact";

    private Prompts() {}

    /** The slash commands an editor offers for Moka. */
    static ArrayNode commands() {
        ArrayNode commands = Json.array();
        commands.addObject().put("name", COMPACT.substring(1)).put("description", "Summarise the conversation so"
                + " far to free the context window");
        return commands;
    }

    static Op op(JsonNode params) throws RpcError {
        JsonNode blocks = params.get("prompt");
        if (blocks == null || !blocks.isArray() || blocks.isEmpty()) {
            throw RpcError.invalidParams("prompt must be a non-empty array of content blocks");
        }
        List<InputItem> items = new ArrayList<>();
        for (JsonNode block : blocks) {
            items.add(item(block));
        }
        if (items.size() == 1 && items.getFirst() instanceof InputItem.Text(String text)
                && text.strip().equals(COMPACT)) {
            return new Op.Compact();
        }
        return new Op.UserInput(items);
    }

    private static InputItem item(JsonNode block) throws RpcError {
        String type = Json.text(block, "type");
        return switch (type == null ? "" : type) {
            case "text" -> new InputItem.Text(block.path("text").asString(""));
            case "image" -> {
                String data = Json.text(block, "data");
                String uri = Json.text(block, "uri");
                if (data == null && uri == null) {
                    throw RpcError.invalidParams("an image block needs data (base64) or a uri");
                }
                yield new InputItem.Image(data != null ? "data:" + block.path("mimeType").asString("image/png")
                        + ";base64," + data : uri);
            }
            case "resource_link" -> new InputItem.Text("@" + block.path("uri").asString(""));
            case "resource" -> {
                JsonNode resource = block.path("resource");
                String text = Json.text(resource, "text");
                if (text == null) {
                    throw RpcError.invalidParams("embedded resource " + resource.path("uri").asString("") + " has no"
                            + " text; Moka takes text resources and images");
                }
                yield new InputItem.Text("<context uri=\"" + resource.path("uri").asString("") + "\">\n" + text
                        + (text.endsWith("\n") ? "" : "\n") + "</context>");
            }
            default -> throw RpcError.invalidParams("Moka cannot take a prompt block of type \"" + type + "\"; it"
                    + " takes text, image, resource and resource_link");
        };
    }
}
