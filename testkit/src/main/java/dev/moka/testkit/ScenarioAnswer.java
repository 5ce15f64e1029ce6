package dev.moka.testkit;

import dev.moka.protocol.Json;
import java.util.ArrayList;
import java.util.List;
import tools.jackson.databind.JsonNode;

/**
 * A model answer written once and streamed in either wire API's shape: {@code {"text": ..., "reasoning": ...,
 * "calls": [{"call_id", "name", "arguments"} or {"call_id", "name", "input"}], "usage": {"input", "cached",
 * "output"}}}, every key optional. A call with {@code input} is a freeform (custom) tool call; on the chat wire
 * it arrives as a function call whose one argument {@code input} holds the text.
 */
final class ScenarioAnswer {
    private record Call(String callId, String name, String arguments, String input) {}

    private ScenarioAnswer() {}

    /** The answer numbered {@code number} (ids are derived from it) as a reply on {@code wire}. */
    static Reply render(JsonNode answer, int number, Scenario.Wire wire, String where) {
        String text = Json.text(answer, "text");
        String reasoning = Json.text(answer, "reasoning");
        List<Call> calls = calls(answer.path("calls"), where);
        JsonNode usage = answer.get("usage");
        return switch (wire) {
            case RESPONSES -> responses(number, text, reasoning, calls, usage);
            case CHAT -> chat(number, text, reasoning, calls, usage);
        };
    }

    private static Sse responses(int number, String text, String reasoning, List<Call> calls, JsonNode usage) {
        Sse sse = Sse.response("resp_" + number);
        if (reasoning != null) {
            sse = sse.reasoning("rs_" + number, reasoning, null);
        }
        if (text != null) {
            sse = sse.text("msg_" + number, text);
        }
        for (Call call : calls) {
            sse = call.input() != null ? sse.customToolCall(call.callId(), call.name(), call.input())
                    : sse.functionCall(call.callId(), call.name(), call.arguments());
        }
        if (usage != null) {
            sse = sse.usage(usage.path("input").asLong(0), usage.path("cached").asLong(0),
                    usage.path("output").asLong(0), 0);
        }
        return sse.completed();
    }

    private static ChatSse chat(int number, String text, String reasoning, List<Call> calls, JsonNode usage) {
        ChatSse sse = ChatSse.completion("chatcmpl-" + number);
        if (reasoning != null) {
            sse = sse.reasoningContent(reasoning);
        }
        if (text != null) {
            sse = sse.text(text);
        }
        List<ChatSse.Call> chatCalls = calls.stream().map(call -> new ChatSse.Call(call.callId(), call.name(),
                call.input() != null ? Json.write(Json.object().put("input", call.input())) : call.arguments()))
                .toList();
        if (chatCalls.size() == 1) {
            ChatSse.Call call = chatCalls.getFirst();
            sse = sse.toolCall(0, call.callId(), call.name(), call.argumentsJson());
        } else if (!chatCalls.isEmpty()) {
            sse = sse.parallelToolCalls(chatCalls.toArray(ChatSse.Call[]::new));
        }
        sse = sse.finish(calls.isEmpty() ? "stop" : "tool_calls");
        if (usage != null) {
            sse = sse.usage(usage.path("input").asLong(0), usage.path("cached").asLong(0),
                    usage.path("output").asLong(0), 0);
        }
        return sse.done();
    }

    private static List<Call> calls(JsonNode node, String where) {
        List<Call> calls = new ArrayList<>();
        int index = 0;
        for (JsonNode call : node) {
            String callId = Json.text(call, "call_id");
            String name = Json.text(call, "name");
            JsonNode arguments = call.get("arguments");
            String input = Json.text(call, "input");
            if (callId == null || name == null || (arguments == null) == (input == null)) {
                throw new IllegalArgumentException(where + ".calls[" + index + "]: a call has \"call_id\", \"name\" "
                        + "and either \"arguments\" (a function call) or \"input\" (a freeform call), got " + call);
            }
            calls.add(new Call(callId, name, arguments == null ? null
                    : arguments.isString() ? arguments.asString() : Json.write(arguments), input));
            index++;
        }
        return calls;
    }
}
