package dev.moka.core.tools.mcp;

import dev.moka.core.tools.image.InlineImages;
import dev.moka.protocol.ContentItem;
import dev.moka.protocol.Json;
import dev.moka.protocol.ResponseItem;
import dev.moka.protocol.Role;
import io.modelcontextprotocol.spec.McpSchema;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/**
 * What the model and the person get from an MCP tool's result. Text stays text; structured content is sent as
 * its JSON (servers repeat it as text only for older clients); images go to the model as {@code input_image}s
 * in a message after the output, which says they follow; what the model cannot take (audio, binary blobs) is
 * described instead. The event carries the result as the server sent it, minus the base64 payloads.
 */
final class McpResults {
    /** The SDK's records carry their own Jackson names (camelCase), so they are written with a plain mapper. */
    private static final JsonMapper SDK_JSON = JsonMapper.shared();

    /** One rendered result: the output text, the images to show after it, and the event's copy of the result. */
    record Rendered(String text, List<ContentItem> images, boolean isError, JsonNode event) {}

    private McpResults() {}

    static Rendered render(McpSchema.CallToolResult result, String toolName) {
        List<String> parts = new ArrayList<>();
        List<ContentItem> images = new ArrayList<>();
        List<McpSchema.Content> content = result.content() == null ? List.of() : result.content();
        boolean structured = result.structuredContent() != null;
        if (structured) {
            parts.add(Json.write(SDK_JSON.valueToTree(result.structuredContent())));
        }
        for (McpSchema.Content part : content) {
            String line = switch (part) {
                case McpSchema.TextContent text -> structured ? null : text.text();
                case McpSchema.ImageContent image -> image(image.data(), image.mimeType(), toolName, images);
                case McpSchema.AudioContent audio -> "[audio (" + audio.mimeType() + ", " + decodedSize(audio.data())
                        + " bytes) not shown: the model cannot listen to it]";
                case McpSchema.EmbeddedResource embedded -> resource(embedded.resource(), toolName, images);
                case McpSchema.ResourceLink link -> "Resource link: " + link.uri()
                        + (link.name() == null ? "" : " (" + link.name() + ")")
                        + (link.mimeType() == null ? "" : ", " + link.mimeType()) + "; read it with read_mcp_resource";
                default -> Json.write(SDK_JSON.valueToTree(part));
            };
            if (line != null) {
                parts.add(line);
            }
        }
        return new Rendered(String.join("\n", parts), images, Boolean.TRUE.equals(result.isError()), event(result));
    }

    /** The user message that shows a call's images to the model, right after the call's output. */
    static ResponseItem.Message imageMessage(String what, String callId, List<ContentItem> images) {
        List<ContentItem> parts = new ArrayList<>();
        parts.add(new ContentItem.InputText("Images from " + what + " (call " + callId + "):"));
        parts.addAll(images);
        return new ResponseItem.Message(null, Role.USER, parts);
    }

    /** A result for the event when the call brought none: the error, as MCP results carry one. */
    static JsonNode error(String message) {
        ObjectNode result = Json.object();
        result.putArray("content").addObject().put("type", "text").put("text", message);
        result.put("isError", true);
        return result;
    }

    private static String image(String data, String mimeType, String toolName, List<ContentItem> images) {
        try {
            images.add(new ContentItem.InputImage(InlineImages.dataUrl(Base64.getMimeDecoder().decode(data),
                    "the " + mimeType + " image from " + toolName)));
            return "[image (" + mimeType + "): shown in the next message]";
        } catch (IllegalArgumentException e) {
            return "[image (" + mimeType + ") not shown: its data is not valid base64]";
        } catch (InlineImages.Unusable e) {
            return "[image not shown: " + e.getMessage() + "]";
        }
    }

    /** One resource's contents as text for the model; an image among them is added to {@code images}. */
    static String resource(McpSchema.ResourceContents contents, String toolName, List<ContentItem> images) {
        return switch (contents) {
            case McpSchema.TextResourceContents text -> "Resource " + text.uri() + ":\n" + text.text();
            case McpSchema.BlobResourceContents blob when blob.mimeType() != null
                    && blob.mimeType().startsWith("image/") -> image(blob.blob(), blob.mimeType(), toolName, images);
            case McpSchema.BlobResourceContents blob -> "[resource " + blob.uri() + " (" + blob.mimeType() + ", "
                    + decodedSize(blob.blob()) + " bytes of binary data) not shown]";
            default -> Json.write(SDK_JSON.valueToTree(contents));
        };
    }

    /** The result as the server sent it, its base64 payloads replaced by their size: events stay small. */
    private static JsonNode event(McpSchema.CallToolResult result) {
        JsonNode json = SDK_JSON.valueToTree(result);
        if (json.get("content") instanceof tools.jackson.databind.node.ArrayNode parts) {
            for (JsonNode part : parts) {
                shrink(part, "data");
                if (part.get("resource") instanceof ObjectNode resource) {
                    shrink(resource, "blob");
                }
            }
        }
        return json;
    }

    private static void shrink(JsonNode node, String field) {
        if (node instanceof ObjectNode object && object.get(field) != null && object.get(field).isString()) {
            object.put(field, "[" + decodedSize(object.get(field).asString()) + " bytes]");
        }
    }

    private static long decodedSize(String base64) {
        return base64 == null ? 0 : base64.length() * 3L / 4;
    }
}
