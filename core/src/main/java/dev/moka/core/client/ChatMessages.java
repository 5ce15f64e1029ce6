package dev.moka.core.client;

import dev.moka.protocol.ContentItem;
import dev.moka.protocol.Json;
import dev.moka.protocol.ResponseItem;
import dev.moka.protocol.Role;
import java.util.ArrayList;
import java.util.List;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * A conversation's items as Chat Completions {@code messages}. The conversion is a pure function of the items,
 * message by message, so a history that only grows gives messages that only grow: each request's messages are
 * an exact prefix of the next, as the prompt cache wants.
 *
 * <ul>
 * <li>The instructions and the developer messages that open the history make one leading system message.
 * Many chat templates (Qwen3's, Mistral's) refuse a system message anywhere but first, and most servers do not
 * know the {@code developer} role, so a developer message later on (new permissions, a model switch) goes as a
 * user message, the role every server takes anywhere; it reads as a tagged note, as the environment context
 * always has.
 * <li>The reasoning, text and calls of one response make one assistant message: the calls as {@code tool_calls}
 * (a freeform call as a function call whose one argument holds its text), the reasoning in the field it came
 * in. Their outputs follow as {@code tool} messages.
 * <li>Images become {@code image_url} parts. A message of one text part is sent as a plain string, the form
 * every server reads.
 * <li>What a chat server cannot read is left out: hosted web searches, opaque compaction summaries and
 * reasoning of a Responses provider, unknown items.
 * </ul>
 */
final class ChatMessages {
    private ChatMessages() {}

    static ArrayNode of(String instructions, List<ResponseItem> items) {
        ArrayNode messages = Json.array();
        int opening = openingInstructions(items);
        List<String> system = new ArrayList<>();
        if (instructions != null && !instructions.isBlank()) {
            system.add(instructions);
        }
        items.subList(0, opening).forEach(item -> system.add(((ResponseItem.Message) item).text()));
        if (!system.isEmpty()) {
            messages.addObject().put("role", "system").put("content", String.join("\n\n", system));
        }
        ChatAssistantMessage pending = null;
        for (ResponseItem item : items.subList(opening, items.size())) {
            ChatAssistantMessage.Part part = ChatAssistantMessage.part(item);
            if (part != null) {
                if (pending == null || !pending.accepts(part)) {
                    flush(pending, messages);
                    pending = new ChatAssistantMessage();
                }
                pending.add(part);
                continue;
            }
            ObjectNode message = standalone(item);
            if (message != null) {
                flush(pending, messages);
                pending = null;
                messages.add(message);
            }
        }
        flush(pending, messages);
        return messages;
    }

    /** How many items open the history as instructions: developer or system messages before anything else. */
    private static int openingInstructions(List<ResponseItem> items) {
        int count = 0;
        while (count < items.size() && items.get(count) instanceof ResponseItem.Message m
                && (m.role() == Role.DEVELOPER || m.role() == Role.SYSTEM)) {
            count++;
        }
        return count;
    }

    private static void flush(ChatAssistantMessage pending, ArrayNode messages) {
        if (pending != null && !pending.isEmpty()) {
            messages.add(pending.toJson());
        }
    }

    /** A message of its own (user input, a note, a tool's output), or null for an item sent as nothing. */
    private static ObjectNode standalone(ResponseItem item) {
        return switch (item) {
            case ResponseItem.Message m -> switch (m.role()) {
                case USER, DEVELOPER, SYSTEM -> user(m);
                // An assistant message is a part of an assistant turn; part() took it.
                case ASSISTANT -> null;
            };
            case ResponseItem.FunctionCallOutput o -> tool(o.callId(), o.output());
            case ResponseItem.CustomToolCallOutput o -> tool(o.callId(), o.output());
            case ResponseItem.Reasoning _, ResponseItem.FunctionCall _, ResponseItem.CustomToolCall _,
                    ResponseItem.WebSearchCall _, ResponseItem.Compaction _, ResponseItem.Unknown _,
                    ResponseItem.ToolSearchCall _, ResponseItem.ToolSearchOutput _, ResponseItem.AgentMessage _ -> null;
        };
    }

    private static ObjectNode user(ResponseItem.Message message) {
        ObjectNode json = Json.object().put("role", "user");
        List<ContentItem> content = message.content();
        if (content.size() == 1 && content.getFirst() instanceof ContentItem.InputText text) {
            return json.put("content", text.text());
        }
        ArrayNode parts = json.putArray("content");
        for (ContentItem part : content) {
            switch (part) {
                case ContentItem.InputText t -> parts.addObject().put("type", "text").put("text", t.text());
                case ContentItem.OutputText t -> parts.addObject().put("type", "text").put("text", t.text());
                case ContentItem.InputImage i -> parts.addObject().put("type", "image_url")
                        .putObject("image_url").put("url", i.imageUrl());
                case ContentItem.Unknown u -> { }
            }
        }
        return json;
    }

    private static ObjectNode tool(String callId, String output) {
        return Json.object().put("role", "tool").put("tool_call_id", callId).put("content", output);
    }
}
