package dev.moka.core.session;

import dev.moka.protocol.ResponseItem;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Outputs for the calls of a recorded conversation that never got one: a process killed while a tool
 * ran leaves its call in the rollout without an output, and the API rejects a call without an output.
 * Appending them keeps every earlier item, and so the cached prefix, as it was.
 */
final class UnansweredCalls {
    static final String ABORTED = "aborted: Moka stopped before this call finished; its effects, if any, are unknown";
    static final String INTERRUPTED = "aborted: the person interrupted the turn before this call finished; its "
            + "effects, if any, are unknown";
    static final String FAILED = "aborted: the turn ended with an error before this call finished; its effects, if "
            + "any, are unknown";

    private UnansweredCalls() {}

    static List<ResponseItem> outputs(List<ResponseItem> items) {
        return outputs(items, ABORTED);
    }

    /** Outputs saying {@code why} for every call in {@code items} that has none. */
    static List<ResponseItem> outputs(List<ResponseItem> items, String why) {
        Set<String> answered = new HashSet<>();
        for (ResponseItem item : items) {
            switch (item) {
                case ResponseItem.FunctionCallOutput o -> answered.add(o.callId());
                case ResponseItem.CustomToolCallOutput o -> answered.add(o.callId());
                case ResponseItem.Message _, ResponseItem.Reasoning _, ResponseItem.FunctionCall _,
                        ResponseItem.CustomToolCall _, ResponseItem.WebSearchCall _,
                        ResponseItem.Compaction _, ResponseItem.Unknown _, ResponseItem.ToolSearchCall _,
                        ResponseItem.ToolSearchOutput _, ResponseItem.AgentMessage _ -> { }
            }
        }
        List<ResponseItem> outputs = new ArrayList<>();
        for (ResponseItem item : items) {
            switch (item) {
                case ResponseItem.FunctionCall c when !answered.contains(c.callId()) ->
                        outputs.add(new ResponseItem.FunctionCallOutput(c.callId(), why));
                case ResponseItem.CustomToolCall c when !answered.contains(c.callId()) ->
                        outputs.add(new ResponseItem.CustomToolCallOutput(c.callId(), why));
                case ResponseItem.FunctionCall _, ResponseItem.CustomToolCall _, ResponseItem.Message _,
                        ResponseItem.Reasoning _, ResponseItem.FunctionCallOutput _,
                        ResponseItem.CustomToolCallOutput _, ResponseItem.WebSearchCall _,
                        ResponseItem.Compaction _, ResponseItem.Unknown _, ResponseItem.ToolSearchCall _,
                        ResponseItem.ToolSearchOutput _, ResponseItem.AgentMessage _ -> { }
            }
        }
        return outputs;
    }
}
