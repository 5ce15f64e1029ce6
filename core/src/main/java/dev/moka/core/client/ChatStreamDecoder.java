package dev.moka.core.client;

import dev.moka.protocol.ContentItem;
import dev.moka.protocol.Json;
import dev.moka.protocol.ResponseItem;
import dev.moka.protocol.Role;
import dev.moka.protocol.TokenUsage;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * Turns the chunks of one streamed Chat Completions answer into the {@link ResponseEvent}s the Responses path
 * emits, so the session and the faces cannot tell the wire APIs apart. Items are announced as they start and
 * finished at {@code data: [DONE]} in the order a response produces them: reasoning, the message, the calls.
 */
final class ChatStreamDecoder implements StreamDecoder {
    private static final String DONE = "[DONE]";

    private final Consumer<ResponseEvent> events;
    private final ChatToolCalls calls;
    private final Map<ChatReasoningField, StringBuilder> reasoning = new EnumMap<>(ChatReasoningField.class);
    private StringBuilder text;
    private boolean started;
    private String responseId;
    private String finishReason;
    private TokenUsage usage;

    /** {@code freeformNames}: the tools whose calls go back to the engine as custom tool calls. */
    ChatStreamDecoder(Set<String> freeformNames, Consumer<ResponseEvent> events) {
        this.events = events;
        this.calls = new ChatToolCalls(freeformNames, events);
    }

    @Override
    public StreamOutcome accept(SseParser.Message message) {
        if (message.data().strip().equals(DONE)) {
            return completed();
        }
        try {
            if (!(Json.parse(message.data()) instanceof ObjectNode chunk)) {
                return malformed("data is not a JSON object");
            }
            return chunk(chunk);
        } catch (JacksonException e) {
            return malformed(e.getOriginalMessage());
        }
    }

    /**
     * A stream that closed after its finish reason but before {@code [DONE]} still carried the whole answer
     * (only the usage may be missing); one that closed earlier was cut.
     */
    @Override
    public StreamOutcome closed() {
        return finishReason != null ? completed()
                : new StreamOutcome.Broken("ended before a finish reason and data: [DONE]", null);
    }

    private StreamOutcome chunk(ObjectNode chunk) {
        if (chunk.get("error") instanceof ObjectNode error) {
            return new StreamOutcome.Failed(errorCode(error), Json.text(error, "message"));
        }
        if (!started) {
            started = true;
            responseId = Json.text(chunk, "id");
            events.accept(new ResponseEvent.Created(responseId));
        }
        if (chunk.get("usage") instanceof ObjectNode counts) {
            usage = usage(counts);
        }
        JsonNode choice = chunk.path("choices").path(0);
        JsonNode delta = choice.path("delta");
        for (ChatReasoningField field : ChatReasoningField.values()) {
            String piece = Json.text(delta, field.wire());
            if (piece != null && !piece.isEmpty()) {
                reasoning(field, piece);
            }
        }
        String content = Json.text(delta, "content");
        if (content != null && !content.isEmpty()) {
            text(content);
        }
        if (delta.get("tool_calls") instanceof JsonNode fragments && fragments.isArray()) {
            calls.accept(fragments, responseId == null ? "chat" : responseId);
        }
        String finish = Json.text(choice, "finish_reason");
        if (finish != null) {
            finishReason = finish;
        }
        return null;
    }

    private void reasoning(ChatReasoningField field, String piece) {
        StringBuilder soFar = reasoning.get(field);
        if (soFar == null) {
            soFar = new StringBuilder();
            reasoning.put(field, soFar);
            events.accept(new ResponseEvent.OutputItemAdded(reasoningItem(field, "")));
        }
        soFar.append(piece);
        events.accept(new ResponseEvent.ReasoningTextDelta(field.itemId(), piece));
    }

    private void text(String piece) {
        if (text == null) {
            text = new StringBuilder();
            events.accept(new ResponseEvent.OutputItemAdded(new ResponseItem.Message(null, Role.ASSISTANT, List.of())));
        }
        text.append(piece);
        events.accept(new ResponseEvent.OutputTextDelta("", piece));
    }

    private StreamOutcome completed() {
        List<ResponseItem> output = new ArrayList<>();
        reasoning.forEach((field, soFar) -> output.add(reasoningItem(field, soFar.toString())));
        if (text != null) {
            output.add(new ResponseItem.Message(null, Role.ASSISTANT,
                    List.of(new ContentItem.OutputText(text.toString()))));
        }
        output.addAll(calls.items());
        output.forEach(item -> events.accept(new ResponseEvent.OutputItemDone(item)));
        events.accept(new ResponseEvent.Completed(responseId, usage));
        return new StreamOutcome.Completed(new CompletedResponse(responseId, output, usage, cutOff()));
    }

    /** Why the server stopped short of a whole answer, or null: {@code length} is the output token limit. */
    private String cutOff() {
        return switch (finishReason == null ? "" : finishReason) {
            case "length", "content_filter" -> finishReason;
            default -> null;
        };
    }

    private static ResponseItem.Reasoning reasoningItem(ChatReasoningField field, String content) {
        return new ResponseItem.Reasoning(field.itemId(), List.of(), List.of(content), null);
    }

    /**
     * OpenAI-style servers name the error by {@code code} or {@code type}; llama.cpp and OpenRouter give an
     * HTTP status as the code, read here as the kind of failure it stands for.
     */
    private static String errorCode(ObjectNode error) {
        String code = Json.text(error, "code");
        if (code != null) {
            return code;
        }
        JsonNode status = error.get("code");
        if (status != null && status.canConvertToInt()) {
            int value = status.asInt();
            if (value == 429) {
                return "rate_limit_exceeded";
            }
            if (value >= 500) {
                return Json.text(error, "type") != null ? Json.text(error, "type") : "server_error";
            }
        }
        return Json.text(error, "type");
    }

    /**
     * Prompt and completion tokens; the cached share as OpenAI ({@code prompt_tokens_details}), DeepSeek
     * ({@code prompt_cache_hit_tokens}) or Moonshot ({@code cached_tokens}) reports it.
     */
    private static TokenUsage usage(ObjectNode counts) {
        long input = counts.path("prompt_tokens").asLong(0);
        long output = counts.path("completion_tokens").asLong(0);
        JsonNode cached = counts.path("prompt_tokens_details").get("cached_tokens");
        if (cached == null || cached.isNull()) {
            cached = counts.has("prompt_cache_hit_tokens") ? counts.get("prompt_cache_hit_tokens")
                    : counts.get("cached_tokens");
        }
        return new TokenUsage(input, cached == null ? 0 : cached.asLong(0), output,
                counts.path("completion_tokens_details").path("reasoning_tokens").asLong(0),
                counts.path("total_tokens").asLong(input + output));
    }

    private static StreamOutcome malformed(String detail) {
        return new StreamOutcome.Broken("malformed chat completion chunk: " + detail, null);
    }
}
