package dev.moka.testkit;

import dev.moka.protocol.Json;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * An immutable script for one streamed Responses answer. Every method returns a new script, so a base can be
 * shared between tests. {@code response.created} comes first on its own unless {@link #created()} placed it;
 * every JSON event gets {@code type} and a {@code sequence_number} (from 0) when it is rendered.
 */
public final class Sse implements Reply, Streamed {
    /** One event: JSON data, or verbatim data text (for malformed-data tests) when {@code json} is null. */
    private record Step(String type, ObjectNode json, String verbatim) {}

    private static final int ARGUMENT_CHUNK = 24;

    private final String responseId;
    private final List<Step> steps;
    private final List<ObjectNode> output;
    private final ObjectNode usage;
    private final int dropAfter;
    private final int stallAfter;
    private final Duration stallFor;
    private final int longDeltaAfter;
    private final long longDeltaChars;

    private Sse(String responseId, List<Step> steps, List<ObjectNode> output, ObjectNode usage, int dropAfter,
            int stallAfter, Duration stallFor, int longDeltaAfter, long longDeltaChars) {
        this.responseId = responseId;
        this.steps = List.copyOf(steps);
        this.output = List.copyOf(output);
        this.usage = usage;
        this.dropAfter = dropAfter;
        this.stallAfter = stallAfter;
        this.stallFor = stallFor;
        this.longDeltaAfter = longDeltaAfter;
        this.longDeltaChars = longDeltaChars;
    }

    /** A stream for the response {@code id}; {@code response.created} is sent first automatically. */
    public static Sse response(String id) {
        return new Sse(id, List.of(), List.of(), null, -1, -1, Duration.ZERO, -1, 0);
    }

    /** A stream with no automatic events at all: only what {@link #rawEvent} and friends add. */
    public static Sse raw() {
        return new Sse(null, List.of(), List.of(), null, -1, -1, Duration.ZERO, -1, 0);
    }

    /** {@code response.created}, at this position (normally first, which also happens without calling this). */
    public Sse created() {
        return plus(List.of(event("response.created").set("response", responseObject("in_progress"))), null);
    }

    public Sse inProgress() {
        return plus(List.of(event("response.in_progress").set("response", responseObject("in_progress"))), null);
    }

    /** An assistant message streamed as one delta per chunk. */
    public Sse text(String itemId, String... chunks) {
        int index = output.size();
        String full = String.join("", chunks);
        ObjectNode part = Json.object().put("type", "output_text").put("text", "");
        part.putArray("annotations");
        ObjectNode fullPart = part.deepCopy().put("text", full);
        ObjectNode item = Json.object().put("type", "message").put("id", itemId).put("status", "completed")
                .put("role", "assistant");
        item.putArray("content").add(fullPart.deepCopy());
        ObjectNode added = item.deepCopy().put("status", "in_progress");
        added.putArray("content");
        List<ObjectNode> events = new ArrayList<>();
        events.add(event("response.output_item.added").put("output_index", index).set("item", added));
        events.add(partEvent("response.content_part.added", itemId, index).set("part", part));
        for (String chunk : chunks) {
            events.add(partEvent("response.output_text.delta", itemId, index).put("delta", chunk));
        }
        events.add(partEvent("response.output_text.done", itemId, index).put("text", full));
        events.add(partEvent("response.content_part.done", itemId, index).set("part", fullPart));
        events.add(event("response.output_item.done").put("output_index", index).set("item", item));
        return plus(events, item);
    }

    /** A function call whose JSON arguments arrive in several deltas; its item id is {@code fc_<callId>}. */
    public Sse functionCall(String callId, String name, String argumentsJson) {
        return toolCall("function_call", "fc_" + callId, callId, name, "arguments", argumentsJson,
                "response.function_call_arguments");
    }

    /**
     * A call of the function {@code name} inside the namespace tool {@code namespace} (an MCP server's
     * {@code mcp__<server>}), as the Responses API sends one; item id {@code fc_<callId>}.
     */
    public Sse functionCall(String callId, String namespace, String name, String argumentsJson) {
        Sse call = functionCall(callId, name, argumentsJson);
        ObjectNode item = call.output.getLast();
        item.put("namespace", namespace);
        for (Step step : call.steps) {
            if (step.json() != null && step.json().get("item") instanceof ObjectNode stepItem
                    && callId.equals(stepItem.path("call_id").asString(null))) {
                stepItem.put("namespace", namespace);
            }
        }
        return call;
    }

    /** A freeform (custom) tool call whose raw input arrives in several deltas; item id {@code ctc_<callId>}. */
    public Sse customToolCall(String callId, String name, String input) {
        return toolCall("custom_tool_call", "ctc_" + callId, callId, name, "input", input,
                "response.custom_tool_call_input");
    }

    /** A freeform call inside the namespace tool {@code namespace} (code mode's {@code functions.exec}). */
    public Sse customToolCall(String callId, String namespace, String name, String input) {
        Sse call = customToolCall(callId, name, input);
        call.output.getLast().put("namespace", namespace);
        for (Step step : call.steps) {
            if (step.json() != null && step.json().get("item") instanceof ObjectNode stepItem
                    && callId.equals(stepItem.path("call_id").asString(null))) {
                stepItem.put("namespace", namespace);
            }
        }
        return call;
    }

    /** The model searching deferred tools ({@code tool_search} run by the client), as one finished item. */
    public Sse toolSearchCall(String callId, String query) {
        int index = output.size();
        ObjectNode item = Json.object().put("type", "tool_search_call").put("call_id", callId)
                .put("status", "completed").put("execution", "client");
        item.putObject("arguments").put("query", query).put("limit", 8);
        List<ObjectNode> events = new ArrayList<>();
        events.add(event("response.output_item.added").put("output_index", index).set("item", item.deepCopy()));
        events.add(event("response.output_item.done").put("output_index", index).set("item", item));
        return plus(events, item);
    }

    /** A reasoning item with one summary part (none when {@code summaryText} is null) and opaque content. */
    public Sse reasoning(String id, String summaryText, String encryptedContent) {
        int index = output.size();
        ObjectNode item = Json.object().put("type", "reasoning").put("id", id);
        ArrayNode summary = item.putArray("summary");
        if (summaryText != null) {
            summary.addObject().put("type", "summary_text").put("text", summaryText);
        }
        if (encryptedContent != null) {
            item.put("encrypted_content", encryptedContent);
        }
        ObjectNode added = Json.object().put("type", "reasoning").put("id", id);
        added.putArray("summary");
        List<ObjectNode> events = new ArrayList<>();
        events.add(event("response.output_item.added").put("output_index", index).set("item", added));
        if (summaryText != null) {
            ObjectNode empty = Json.object().put("type", "summary_text").put("text", "");
            events.add(summaryEvent("response.reasoning_summary_part.added", id, index).set("part", empty));
            events.add(summaryEvent("response.reasoning_summary_text.delta", id, index).put("delta", summaryText));
            events.add(summaryEvent("response.reasoning_summary_text.done", id, index).put("text", summaryText));
            events.add(summaryEvent("response.reasoning_summary_part.done", id, index)
                    .set("part", empty.deepCopy().put("text", summaryText)));
        }
        events.add(event("response.output_item.done").put("output_index", index).set("item", item));
        return plus(events, item);
    }

    /** Any event: {@code jsonData} is a JSON object; {@code type} is set to {@code type}. */
    public Sse rawEvent(String type, String jsonData) {
        if (!(Json.parse(jsonData) instanceof ObjectNode data)) {
            throw new IllegalArgumentException("rawEvent data must be a JSON object, got: " + jsonData);
        }
        return rawEvent(type, data);
    }

    /** An event whose data line is sent exactly as given, without a sequence number (e.g. broken JSON). */
    public Sse rawData(String type, String dataText) {
        List<Step> more = new ArrayList<>(steps);
        more.add(new Step(type, null, dataText));
        return new Sse(responseId, more, output, usage, dropAfter, stallAfter, stallFor, longDeltaAfter,
                longDeltaChars);
    }

    /** Token usage reported by {@link #completed()}; total is input plus output. */
    public Sse usage(long input, long cached, long outputTokens, long reasoning) {
        ObjectNode u = Json.object().put("input_tokens", input);
        u.putObject("input_tokens_details").put("cached_tokens", cached);
        u.put("output_tokens", outputTokens);
        u.putObject("output_tokens_details").put("reasoning_tokens", reasoning);
        u.put("total_tokens", input + outputTokens);
        return new Sse(responseId, steps, output, u, dropAfter, stallAfter, stallFor, longDeltaAfter, longDeltaChars);
    }

    /** The terminal {@code response.completed}, carrying the output so far and the usage if set. */
    public Sse completed() {
        ObjectNode response = responseObject("completed");
        ArrayNode items = response.putArray("output");
        output.forEach(item -> items.add(item.deepCopy()));
        if (usage != null) {
            response.set("usage", usage.deepCopy());
        }
        return plus(List.of(event("response.completed").set("response", response)), null);
    }

    /** The terminal {@code response.failed} with {@code response.error.code} and {@code message}. */
    public Sse failed(String code, String message) {
        ObjectNode response = responseObject("failed");
        response.putObject("error").put("code", code).put("message", message);
        return plus(List.of(event("response.failed").set("response", response)), null);
    }

    /** The terminal {@code response.incomplete} with {@code response.incomplete_details.reason}. */
    public Sse incomplete(String reason) {
        ObjectNode response = responseObject("incomplete");
        response.putObject("incomplete_details").put("reason", reason);
        return plus(List.of(event("response.incomplete").set("response", response)), null);
    }

    /** Sends the first {@code events} events, then closes the connection abruptly (no terminal chunk). */
    public Sse dropAfter(int events) {
        return new Sse(responseId, steps, output, usage, events, stallAfter, stallFor, longDeltaAfter, longDeltaChars);
    }

    /** Sends the first {@code events} events, goes silent for {@code pause}, then sends the rest. */
    public Sse stallAfter(int events, Duration pause) {
        return new Sse(responseId, steps, output, usage, dropAfter, events, pause, longDeltaAfter, longDeltaChars);
    }

    /**
     * After the first {@code events} events, sends one {@code response.output_text.delta} whose delta is
     * {@code chars} letters, streamed without building it in memory (a broken or hostile server).
     */
    public Sse longDeltaAfter(int events, long chars) {
        return new Sse(responseId, steps, output, usage, dropAfter, stallAfter, stallFor, events, chars);
    }

    /** After the first {@code events} events, starts a data line that never ends, until the client hangs up. */
    public Sse endlessLineAfter(int events) {
        return longDeltaAfter(events, Long.MAX_VALUE);
    }

    /** The whole stream as SSE text, faults left out, for fixture files. */
    public String toFixture() {
        return String.join("", render());
    }

    @Override
    public String toString() {
        return "Sse[" + responseId + ", " + steps.size() + " events]";
    }

    /** Each event as its own SSE block ({@code event: ...\ndata: ...\n\n}), sequence numbers assigned. */
    @Override
    public List<String> render() {
        List<Step> all = new ArrayList<>(steps);
        if (responseId != null && all.stream().noneMatch(s -> s.type().equals("response.created"))) {
            all.addFirst(created().steps.getLast());
        }
        List<String> blocks = new ArrayList<>();
        int sequence = 0;
        for (Step step : all) {
            String data = step.verbatim();
            if (step.json() != null) {
                ObjectNode numbered = Json.object().put("type", step.type()).put("sequence_number", sequence++);
                step.json().properties().forEach(e -> {
                    if (!e.getKey().equals("type") && !e.getKey().equals("sequence_number")) {
                        numbered.set(e.getKey(), e.getValue().deepCopy());
                    }
                });
                data = Json.write(numbered);
            }
            blocks.add("event: " + step.type() + "\ndata: " + data + "\n\n");
        }
        return blocks;
    }

    @Override
    public int dropAfterEvents() {
        return dropAfter;
    }

    @Override
    public int stallAfterEvents() {
        return stallAfter;
    }

    @Override
    public Duration stallDuration() {
        return stallFor;
    }

    @Override
    public int longDeltaAfterEvents() {
        return longDeltaAfter;
    }

    @Override
    public long longDeltaChars() {
        return longDeltaChars;
    }

    /** Adds an event given as a JSON object (used by scenario files). */
    Sse rawEvent(String type, ObjectNode data) {
        return plus(List.of(data.deepCopy().put("type", type)), null);
    }

    private Sse toolCall(String itemType, String itemId, String callId, String name, String field, String value,
            String eventPrefix) {
        int index = output.size();
        ObjectNode item = Json.object().put("type", itemType).put("id", itemId).put("status", "completed")
                .put(field, value).put("call_id", callId).put("name", name);
        ObjectNode added = item.deepCopy().put("status", "in_progress").put(field, "");
        List<ObjectNode> events = new ArrayList<>();
        events.add(event("response.output_item.added").put("output_index", index).set("item", added));
        for (int start = 0; start < value.length(); start += ARGUMENT_CHUNK) {
            String chunk = value.substring(start, Math.min(value.length(), start + ARGUMENT_CHUNK));
            events.add(itemEvent(eventPrefix + ".delta", itemId, index).put("delta", chunk));
        }
        events.add(itemEvent(eventPrefix + ".done", itemId, index).put(field, value));
        events.add(event("response.output_item.done").put("output_index", index).set("item", item));
        return plus(events, item);
    }

    private Sse plus(List<ObjectNode> events, ObjectNode outputItem) {
        List<Step> more = new ArrayList<>(steps);
        events.forEach(e -> more.add(new Step(e.get("type").asString(), e, null)));
        List<ObjectNode> items = new ArrayList<>(output);
        if (outputItem != null) {
            items.add(outputItem);
        }
        return new Sse(responseId, more, items, usage, dropAfter, stallAfter, stallFor, longDeltaAfter, longDeltaChars);
    }

    private ObjectNode responseObject(String status) {
        return Json.object().put("id", responseId).put("object", "response").put("status", status);
    }

    private static ObjectNode event(String type) {
        return Json.object().put("type", type);
    }

    private static ObjectNode itemEvent(String type, String itemId, int index) {
        return Json.object().put("type", type).put("item_id", itemId).put("output_index", index);
    }

    private static ObjectNode partEvent(String type, String itemId, int index) {
        return itemEvent(type, itemId, index).put("content_index", 0);
    }

    private static ObjectNode summaryEvent(String type, String itemId, int index) {
        return itemEvent(type, itemId, index).put("summary_index", 0);
    }
}
