package dev.moka.core.client;

import dev.moka.protocol.Json;
import dev.moka.protocol.ResponseItem;
import dev.moka.protocol.ResponseItemCodec;
import dev.moka.protocol.TokenUsage;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.function.Consumer;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * Turns the SSE messages of one Responses stream into {@link ResponseEvent}s and, at the terminal event, a
 * {@link StreamOutcome}. One decoder per attempt, so a retried stream starts from no items.
 */
final class ResponseStreamDecoder implements StreamDecoder {
    private record DoneItem(long outputIndex, ResponseItem item) {}

    private final Consumer<ResponseEvent> events;
    private final List<DoneItem> done = new ArrayList<>();
    private String responseId;

    ResponseStreamDecoder(Consumer<ResponseEvent> events) {
        this.events = events;
    }

    /** Whether an event type ends a response. */
    static boolean isTerminal(String type) {
        return switch (type) {
            case "response.completed", "response.failed", "response.incomplete", "error" -> true;
            default -> false;
        };
    }

    @Override
    public StreamOutcome accept(SseParser.Message message) {
        ObjectNode data;
        try {
            if (!(Json.parse(message.data()) instanceof ObjectNode object)) {
                return malformed(message, "data is not a JSON object");
            }
            data = object;
        } catch (JacksonException e) {
            return malformed(message, e.getOriginalMessage());
        }
        String type = Json.text(data, "type");
        if (type == null) {
            type = message.event() == null ? "" : message.event();
        }
        try {
            return handle(type, data);
        } catch (IllegalArgumentException e) {
            return malformed(message, e.getMessage());
        }
    }

    @Override
    public StreamOutcome closed() {
        return new StreamOutcome.Broken("ended before response.completed", null);
    }

    private StreamOutcome handle(String type, ObjectNode data) {
        switch (type) {
            case "response.created" -> {
                responseId = Json.text(data.path("response"), "id");
                events.accept(new ResponseEvent.Created(responseId));
            }
            case "response.output_item.added" -> events.accept(new ResponseEvent.OutputItemAdded(item(data)));
            case "response.output_item.done" -> {
                ResponseItem item = item(data);
                done.add(new DoneItem(data.path("output_index").asLong(done.size()), item));
                events.accept(new ResponseEvent.OutputItemDone(item));
            }
            case "response.output_text.delta" ->
                    events.accept(new ResponseEvent.OutputTextDelta(itemId(data), delta(data)));
            case "response.function_call_arguments.delta", "response.custom_tool_call_input.delta" ->
                    events.accept(new ResponseEvent.ToolCallInputDelta(itemId(data), delta(data)));
            case "response.reasoning_summary_part.added" -> events.accept(
                    new ResponseEvent.ReasoningSummaryPartAdded(itemId(data), data.path("summary_index").asInt(0)));
            case "response.reasoning_summary_text.delta" -> events.accept(new ResponseEvent.ReasoningSummaryDelta(
                    itemId(data), data.path("summary_index").asInt(0), delta(data)));
            case "response.reasoning_text.delta" ->
                    events.accept(new ResponseEvent.ReasoningTextDelta(itemId(data), delta(data)));
            case "response.completed" -> {
                return completed(data.path("response"), null);
            }
            case "response.failed" -> {
                JsonNode error = data.path("response").path("error");
                return new StreamOutcome.Failed(Json.text(error, "code"), Json.text(error, "message"));
            }
            case "response.incomplete" -> {
                // What the model wrote before the cut is kept, as the chat path keeps a "length" answer.
                String reason = Json.text(data.path("response").path("incomplete_details"), "reason");
                return completed(data.path("response"), reason == null ? "unknown reason" : reason);
            }
            case "error" -> {
                JsonNode error = data.has("error") ? data.get("error") : data;
                return new StreamOutcome.Failed(Json.text(error, "code"), Json.text(error, "message"));
            }
            // The other events (in_progress, *.done, content parts) repeat what the deltas and items carry.
            default -> { }
        }
        return null;
    }

    private StreamOutcome completed(JsonNode response, String cutOff) {
        String id = Json.text(response, "id");
        TokenUsage usage = usage(response.get("usage"));
        List<ResponseItem> output = done.stream().sorted(Comparator.comparingLong(DoneItem::outputIndex))
                .map(DoneItem::item).toList();
        String finalId = id != null ? id : responseId;
        events.accept(new ResponseEvent.Completed(finalId, usage));
        return new StreamOutcome.Completed(new CompletedResponse(finalId, output, usage, cutOff));
    }

    private static TokenUsage usage(JsonNode usage) {
        if (usage == null || !usage.isObject()) {
            return null;
        }
        long input = usage.path("input_tokens").asLong(0);
        long output = usage.path("output_tokens").asLong(0);
        return new TokenUsage(input, usage.path("input_tokens_details").path("cached_tokens").asLong(0), output,
                usage.path("output_tokens_details").path("reasoning_tokens").asLong(0),
                usage.path("total_tokens").asLong(input + output));
    }

    private static ResponseItem item(ObjectNode data) {
        JsonNode item = data.get("item");
        if (item == null || !item.isObject()) {
            throw new IllegalArgumentException("it has no \"item\" object");
        }
        return ResponseItemCodec.fromJson(item);
    }

    private static String itemId(ObjectNode data) {
        String id = Json.text(data, "item_id");
        return id == null ? "" : id;
    }

    private static String delta(ObjectNode data) {
        String delta = Json.text(data, "delta");
        if (delta == null) {
            throw new IllegalArgumentException("it has no text \"delta\"");
        }
        return delta;
    }

    private static StreamOutcome malformed(SseParser.Message message, String detail) {
        String name = message.event() == null ? "(unnamed)" : message.event();
        return new StreamOutcome.Broken("malformed SSE event '" + name + "': " + detail, null);
    }
}
