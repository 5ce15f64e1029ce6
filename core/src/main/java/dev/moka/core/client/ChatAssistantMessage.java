package dev.moka.core.client;

import dev.moka.protocol.Json;
import dev.moka.protocol.ResponseItem;
import dev.moka.protocol.Role;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * One assistant message of a chat request, gathered from the items of one response: reasoning, then text,
 * then calls, the order in which a response produces them. A part that comes out of that order (new
 * reasoning or text after calls, a second text) starts the next response's message.
 */
final class ChatAssistantMessage {
    /** What one history item adds to an assistant message; {@code rank} is its place in a response. */
    sealed interface Part {
        int rank();
    }

    record Reasoning(ChatReasoningField field, String text) implements Part {
        @Override
        public int rank() {
            return 0;
        }
    }

    record Text(String text) implements Part {
        @Override
        public int rank() {
            return 1;
        }
    }

    record Call(String callId, String name, String arguments) implements Part {
        @Override
        public int rank() {
            return 2;
        }
    }

    private final Map<ChatReasoningField, StringBuilder> reasoning = new LinkedHashMap<>();
    private final StringBuilder text = new StringBuilder();
    private final List<Call> calls = new ArrayList<>();
    private int lastRank = -1;

    /** What {@code item} adds to an assistant message, or null when it is no part of one. */
    static Part part(ResponseItem item) {
        return switch (item) {
            case ResponseItem.Message m when m.role() == Role.ASSISTANT -> new Text(m.text());
            case ResponseItem.Reasoning r -> ChatReasoningField.of(r)
                    .map(field -> new Reasoning(field, r.content() == null ? "" : String.join("", r.content())))
                    .orElse(null);
            case ResponseItem.FunctionCall c -> new Call(c.callId(), c.name(), c.arguments());
            case ResponseItem.CustomToolCall c -> new Call(c.callId(), c.name(), ChatTools.freeformArguments(c.input()));
            case ResponseItem.Message _, ResponseItem.FunctionCallOutput _, ResponseItem.CustomToolCallOutput _,
                    ResponseItem.WebSearchCall _, ResponseItem.Compaction _, ResponseItem.Unknown _,
                    ResponseItem.ToolSearchCall _, ResponseItem.ToolSearchOutput _, ResponseItem.AgentMessage _ -> null;
        };
    }

    /** Whether {@code part} belongs to the response this message holds. */
    boolean accepts(Part part) {
        return part.rank() > lastRank || (part.rank() == lastRank && part instanceof Call);
    }

    void add(Part part) {
        lastRank = part.rank();
        switch (part) {
            case Reasoning r -> reasoning.computeIfAbsent(r.field(), f -> new StringBuilder()).append(r.text());
            case Text t -> text.append(t.text());
            case Call c -> calls.add(c);
        }
    }

    /** Whether nothing worth sending was added (an empty reply of a Responses provider, say). */
    boolean isEmpty() {
        return text.isEmpty() && calls.isEmpty() && reasoning.values().stream().allMatch(StringBuilder::isEmpty);
    }

    /**
     * Keys in a fixed order. Without text the content is null, as the API has it for a message that only
     * calls tools.
     */
    ObjectNode toJson() {
        ObjectNode json = Json.object().put("role", "assistant");
        if (text.isEmpty()) {
            json.putNull("content");
        } else {
            json.put("content", text.toString());
        }
        reasoning.forEach((field, value) -> json.put(field.wire(), value.toString()));
        if (!calls.isEmpty()) {
            ArrayNode toolCalls = json.putArray("tool_calls");
            for (Call call : calls) {
                ObjectNode entry = toolCalls.addObject().put("id", call.callId()).put("type", "function");
                entry.putObject("function").put("name", call.name()).put("arguments", call.arguments());
            }
        }
        return json;
    }
}
