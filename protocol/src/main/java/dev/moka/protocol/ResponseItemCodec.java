package dev.moka.protocol;

import java.util.ArrayList;
import java.util.List;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * Maps {@link ResponseItem}s to and from their wire JSON. Written by hand so that the bytes Moka
 * sends keep one field order for the whole conversation (the prompt cache matches exact prefixes).
 */
public final class ResponseItemCodec {
    private ResponseItemCodec() {}

    /** The item as it is sent in a request's {@code input}. */
    public static ObjectNode toJson(ResponseItem item) {
        ObjectNode out = Json.object();
        switch (item) {
            case ResponseItem.Message m -> {
                out.put("type", "message");
                out.put("role", m.role().wire());
                ArrayNode parts = out.putArray("content");
                for (ContentItem part : m.content()) {
                    parts.add(contentToJson(part));
                }
            }
            case ResponseItem.Reasoning r -> {
                out.put("type", "reasoning");
                if (r.id() != null) {
                    out.put("id", r.id());
                }
                ArrayNode summary = out.putArray("summary");
                for (String text : r.summary()) {
                    summary.addObject().put("type", "summary_text").put("text", text);
                }
                if (r.content() != null) {
                    ArrayNode content = out.putArray("content");
                    for (String text : r.content()) {
                        content.addObject().put("type", "reasoning_text").put("text", text);
                    }
                }
                if (r.encryptedContent() != null) {
                    out.put("encrypted_content", r.encryptedContent());
                }
            }
            case ResponseItem.FunctionCall c -> {
                out.put("type", "function_call");
                out.put("name", c.name());
                if (c.namespace() != null) {
                    out.put("namespace", c.namespace());
                }
                out.put("arguments", c.arguments());
                out.put("call_id", c.callId());
            }
            case ResponseItem.FunctionCallOutput o -> {
                out.put("type", "function_call_output");
                out.put("call_id", o.callId());
                putOutput(out, o.output(), o.content());
            }
            case ResponseItem.CustomToolCall c -> {
                out.put("type", "custom_tool_call");
                out.put("name", c.name());
                if (c.namespace() != null) {
                    out.put("namespace", c.namespace());
                }
                out.put("input", c.input());
                out.put("call_id", c.callId());
            }
            case ResponseItem.CustomToolCallOutput o -> {
                out.put("type", "custom_tool_call_output");
                out.put("call_id", o.callId());
                putOutput(out, o.output(), o.content());
            }
            case ResponseItem.WebSearchCall w -> out.setAll(w.raw());
            case ResponseItem.ToolSearchCall t -> out.setAll(t.raw());
            case ResponseItem.ToolSearchOutput t -> out.setAll(t.raw());
            case ResponseItem.AgentMessage a -> out.setAll(a.raw());
            case ResponseItem.Compaction c -> {
                out.put("type", "compaction");
                out.put("encrypted_content", c.encryptedContent());
            }
            case ResponseItem.Unknown u -> out.setAll(u.raw());
        }
        return out;
    }

    /** Reads an item as the server sends it in {@code response.output_item.done} or as a rollout stores it. */
    public static ResponseItem fromJson(JsonNode node) {
        if (!(node instanceof ObjectNode obj)) {
            throw new IllegalArgumentException("response item is not a JSON object: " + node);
        }
        String type = Json.text(obj, "type");
        if (type == null) {
            return new ResponseItem.Unknown(obj.deepCopy());
        }
        return switch (type) {
            case "message" -> WireEnum.parse(Role.class, String.valueOf(Json.text(obj, "role")))
                    .<ResponseItem>map(role -> new ResponseItem.Message(Json.text(obj, "id"), role,
                            contentFromJson(obj.get("content"))))
                    // A role this version does not know: kept as it came, never sent back as something else.
                    .orElseGet(() -> new ResponseItem.Unknown(obj.deepCopy()));
            case "reasoning" -> new ResponseItem.Reasoning(
                    Json.text(obj, "id"),
                    texts(obj.get("summary")),
                    obj.has("content") && obj.get("content").isArray() ? texts(obj.get("content")) : null,
                    Json.text(obj, "encrypted_content"));
            case "function_call" -> new ResponseItem.FunctionCall(
                    Json.text(obj, "id"), orEmpty(Json.text(obj, "name")),
                    orEmpty(Json.text(obj, "arguments")), orEmpty(Json.text(obj, "call_id")),
                    Json.text(obj, "namespace"));
            case "function_call_output" -> new ResponseItem.FunctionCallOutput(
                    orEmpty(Json.text(obj, "call_id")), outputText(obj.get("output")), outputItems(obj.get("output")));
            case "custom_tool_call" -> new ResponseItem.CustomToolCall(
                    Json.text(obj, "id"), orEmpty(Json.text(obj, "name")),
                    orEmpty(Json.text(obj, "input")), orEmpty(Json.text(obj, "call_id")),
                    Json.text(obj, "namespace"));
            case "custom_tool_call_output" -> new ResponseItem.CustomToolCallOutput(
                    orEmpty(Json.text(obj, "call_id")), outputText(obj.get("output")), outputItems(obj.get("output")));
            case "web_search_call" -> new ResponseItem.WebSearchCall(obj.deepCopy());
            case "tool_search_call" -> new ResponseItem.ToolSearchCall(orEmpty(Json.text(obj, "call_id")), obj.deepCopy());
            case "agent_message" -> new ResponseItem.AgentMessage(Json.text(obj, "author"), Json.text(obj, "recipient"),
                    obj.deepCopy());
            case "tool_search_output" -> new ResponseItem.ToolSearchOutput(orEmpty(Json.text(obj, "call_id")),
                    obj.deepCopy());
            case "compaction", "compaction_summary" ->
                    new ResponseItem.Compaction(orEmpty(Json.text(obj, "encrypted_content")));
            default -> new ResponseItem.Unknown(obj.deepCopy());
        };
    }

    private static ObjectNode contentToJson(ContentItem part) {
        ObjectNode out = Json.object();
        switch (part) {
            case ContentItem.InputText t -> out.put("type", "input_text").put("text", t.text());
            case ContentItem.InputImage i -> out.put("type", "input_image").put("image_url", i.imageUrl());
            case ContentItem.OutputText t -> out.put("type", "output_text").put("text", t.text());
            case ContentItem.Unknown u -> out.setAll(u.raw());
        }
        return out;
    }

    private static List<ContentItem> contentFromJson(JsonNode node) {
        List<ContentItem> parts = new ArrayList<>();
        if (node == null) {
            return parts;
        }
        if (node.isString()) {
            parts.add(new ContentItem.InputText(node.asString()));
            return parts;
        }
        for (JsonNode part : node) {
            String type = Json.text(part, "type");
            ContentItem item = switch (type == null ? "" : type) {
                case "input_text" -> new ContentItem.InputText(orEmpty(Json.text(part, "text")));
                case "output_text" -> new ContentItem.OutputText(orEmpty(Json.text(part, "text")));
                case "input_image" -> new ContentItem.InputImage(orEmpty(Json.text(part, "image_url")));
                default -> new ContentItem.Unknown(part instanceof ObjectNode o ? o.deepCopy() : Json.object());
            };
            parts.add(item);
        }
        return parts;
    }

    private static List<String> texts(JsonNode node) {
        List<String> out = new ArrayList<>();
        if (node != null) {
            for (JsonNode part : node) {
                String text = part.isString() ? part.asString() : Json.text(part, "text");
                if (text != null) {
                    out.add(text);
                }
            }
        }
        return out;
    }

    private static void putOutput(ObjectNode out, String text, List<ContentItem> content) {
        if (content == null) {
            out.put("output", text);
            return;
        }
        ArrayNode items = out.putArray("output");
        content.forEach(part -> items.add(contentToJson(part)));
    }

    /** An output sent as a list of content items, or null for a plain string. */
    private static List<ContentItem> outputItems(JsonNode node) {
        return node != null && node.isArray() ? contentFromJson(node) : null;
    }

    private static String outputText(JsonNode node) {
        if (node == null || node.isNull()) {
            return "";
        }
        if (node.isString()) {
            return node.asString();
        }
        if (node.isArray()) {
            return ContentItem.joinedText(contentFromJson(node));
        }
        JsonNode content = node.get("content");
        return content != null && content.isString() ? content.asString() : node.toString();
    }

    private static String orEmpty(String s) {
        return s == null ? "" : s;
    }
}
