package dev.moka.cli.acp;

import dev.moka.cli.prompt.CustomPrompt;
import dev.moka.protocol.InputItem;
import dev.moka.protocol.Json;
import dev.moka.protocol.Op;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * A {@code session/prompt}'s content blocks as the op that runs them: text and images as the person's input,
 * embedded resources as text that names where it came from, links as mentions. {@code /compact} alone compacts;
 * {@code /NAME args} sends the person's saved prompt {@code $MOKA_HOME/prompts/NAME.md}, as in the terminal UI.
 */
final class Prompts {
    private static final String COMPACT = "compact";

    private final List<CustomPrompt> saved;

    Prompts(Path mokaHome) {
        this.saved = CustomPrompt.load(mokaHome.resolve("prompts"), COMPACT::equals);
    }

    /** The slash commands an editor offers for Moka. */
    ArrayNode commands() {
        ArrayNode commands = Json.array();
        commands.addObject().put("name", COMPACT).put("description", "Summarise the conversation so far to free"
                + " the context window");
        for (CustomPrompt prompt : saved) {
            ObjectNode command = commands.addObject().put("name", prompt.name()).put("description", prompt.help());
            command.putObject("input").put("hint", "arguments for $1..$9 and $ARGUMENTS");
        }
        return commands;
    }

    Op op(JsonNode params) throws RpcError {
        JsonNode blocks = params.get("prompt");
        if (blocks == null || !blocks.isArray() || blocks.isEmpty()) {
            throw RpcError.invalidParams("prompt must be a non-empty array of content blocks");
        }
        List<InputItem> items = new ArrayList<>();
        for (JsonNode block : blocks) {
            items.add(item(block));
        }
        if (items.getFirst() instanceof InputItem.Text(String text) && text.startsWith("/")) {
            String[] command = text.substring(1).strip().split("\\s+", 2);
            if (command[0].equals(COMPACT) && items.size() == 1 && command.length == 1) {
                return new Op.Compact();
            }
            for (CustomPrompt prompt : saved) {
                if (prompt.name().equals(command[0])) {
                    items.set(0, new InputItem.Text(prompt.expand(command.length > 1 ? command[1] : "")));
                }
            }
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
