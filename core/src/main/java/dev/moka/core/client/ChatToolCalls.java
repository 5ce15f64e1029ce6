package dev.moka.core.client;

import dev.moka.protocol.Json;
import dev.moka.protocol.ResponseItem;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.function.Consumer;
import tools.jackson.databind.JsonNode;

/**
 * The calls of one streamed chat answer, put together from their fragments. A call's first fragment names
 * its {@code index}, {@code id} and function name; later ones with the same index carry only pieces of the
 * arguments. Several calls may be streamed one after another or interleaved.
 */
final class ChatToolCalls {
    /** One call being assembled; its id and name are fixed by the first fragment that has them. */
    private static final class Pending {
        final long index;
        String callId;
        String name;
        final StringBuilder arguments = new StringBuilder();
        boolean announced;

        Pending(long index) {
            this.index = index;
        }
    }

    private final Set<String> freeformNames;
    private final Consumer<ResponseEvent> events;
    private final List<Pending> calls = new ArrayList<>();

    /** {@code freeformNames}: tools offered as functions whose calls go back as custom tool calls. */
    ChatToolCalls(Set<String> freeformNames, Consumer<ResponseEvent> events) {
        this.freeformNames = freeformNames;
        this.events = events;
    }

    /** Takes the {@code tool_calls} array of one delta. */
    void accept(JsonNode fragments, String responseId) {
        for (JsonNode fragment : fragments) {
            Pending call = pendingFor(fragment);
            String id = nonEmpty(Json.text(fragment, "id"));
            if (call.callId == null && id != null) {
                call.callId = id;
            }
            JsonNode function = fragment.path("function");
            String name = nonEmpty(Json.text(function, "name"));
            if (call.name == null && name != null) {
                call.name = name;
            }
            if (!call.announced && call.name != null) {
                if (call.callId == null) {
                    // Some local servers send no id; the next request only needs one that matches the output.
                    call.callId = "call_" + responseId + "_" + call.index;
                }
                call.announced = true;
                events.accept(new ResponseEvent.OutputItemAdded(item(call, "")));
            }
            String piece = arguments(function.get("arguments"));
            if (!piece.isEmpty()) {
                call.arguments.append(piece);
                if (call.announced) {
                    events.accept(new ResponseEvent.ToolCallInputDelta(call.callId, piece));
                }
            }
        }
    }

    /** The finished calls in index order; a fragment that never named its function is no call. */
    List<ResponseItem> items() {
        return calls.stream().filter(call -> call.announced)
                .sorted((a, b) -> Long.compare(a.index, b.index))
                .map(call -> item(call, call.arguments.toString())).toList();
    }

    private Pending pendingFor(JsonNode fragment) {
        JsonNode index = fragment.get("index");
        if (index != null && index.canConvertToLong()) {
            for (Pending call : calls) {
                if (call.index == index.asLong()) {
                    return call;
                }
            }
            return add(new Pending(index.asLong()));
        }
        // Without an index (a server that sends each call whole): a new id is a new call, no id the last one.
        String id = nonEmpty(Json.text(fragment, "id"));
        if (id == null && !calls.isEmpty()) {
            return calls.getLast();
        }
        for (Pending call : calls) {
            if (id != null && id.equals(call.callId)) {
                return call;
            }
        }
        return add(new Pending(calls.size()));
    }

    private Pending add(Pending call) {
        calls.add(call);
        return call;
    }

    /** Arguments are a JSON string; a few servers send the object itself. */
    private static String arguments(JsonNode node) {
        if (node == null || node.isNull()) {
            return "";
        }
        return node.isString() ? node.asString() : Json.write(node);
    }

    private static String nonEmpty(String text) {
        return text == null || text.isEmpty() ? null : text;
    }

    /** A call as the engine runs it: a freeform tool's call is a custom tool call holding the bare text. */
    private ResponseItem item(Pending call, String arguments) {
        if (freeformNames.contains(call.name)) {
            return new ResponseItem.CustomToolCall(null, call.name, ChatTools.freeformInput(arguments), call.callId);
        }
        return new ResponseItem.FunctionCall(null, call.name, arguments, call.callId);
    }
}
