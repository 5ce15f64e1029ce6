package dev.moka.cli;

import dev.moka.protocol.EventMsg;
import dev.moka.protocol.Json;
import dev.moka.protocol.PlanItem;
import dev.moka.protocol.StepStatus;
import dev.moka.protocol.TokenUsage;
import java.io.PrintStream;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * Prints one JSON object per line for {@code moka exec --json}: thread and turn boundaries, and items
 * (agent messages, reasoning, command executions, the plan as a to-do list) as they start and finish.
 */
final class JsonlPrinter implements EventPrinter {
    private final PrintStream out;
    private final Map<String, ObjectNode> runningCommands = new HashMap<>();
    private int nextItem;
    private ObjectNode todoList;
    private TokenUsage usage = TokenUsage.ZERO;

    JsonlPrinter(PrintStream out) {
        this.out = out;
    }

    @Override
    public void print(EventMsg event) {
        switch (event) {
            case EventMsg.SessionConfigured s -> line(Json.object().put("type", "thread.started")
                    .put("thread_id", s.sessionId()));
            case EventMsg.TaskStarted s -> line(Json.object().put("type", "turn.started"));
            case EventMsg.AgentMessage m -> item("item.completed", newItem("agent_message").put("text", m.message()));
            case EventMsg.AgentReasoning r -> item("item.completed", newItem("reasoning").put("text", r.text()));
            case EventMsg.ExecCommandBegin b -> {
                ObjectNode item = newItem("command_execution").put("command", ShellWords.join(b.command()))
                        .put("aggregated_output", "").putNull("exit_code").put("status", "in_progress");
                runningCommands.put(b.callId(), item);
                item("item.started", item);
            }
            case EventMsg.ExecCommandEnd e -> {
                ObjectNode item = runningCommands.remove(e.callId());
                if (item != null) {
                    item.put("aggregated_output", e.aggregatedOutput()).put("exit_code", e.exitCode())
                            .put("status", e.exitCode() == 0 ? "completed" : "failed");
                    item("item.completed", item);
                }
            }
            case EventMsg.PlanUpdate p -> plan(p.plan());
            case EventMsg.TokenCount t -> usage = t.totalTokenUsage();
            case EventMsg.TaskComplete c -> {
                if (todoList != null) {
                    item("item.completed", todoList);
                    todoList = null;
                }
                ObjectNode line = Json.object().put("type", "turn.completed");
                line.putObject("usage").put("input_tokens", usage.inputTokens())
                        .put("cached_input_tokens", usage.cachedInputTokens())
                        .put("output_tokens", usage.outputTokens());
                line(line);
            }
            case EventMsg.Error e -> {
                line(Json.object().put("type", "error").put("message", e.message()));
                ObjectNode failed = Json.object().put("type", "turn.failed");
                failed.putObject("error").put("message", e.message());
                line(failed);
            }
            case EventMsg.TurnAborted a -> {
                ObjectNode failed = Json.object().put("type", "turn.failed");
                failed.putObject("error").put("message", "turn aborted: " + a.reason());
                line(failed);
            }
            case EventMsg.StreamError s -> item("item.completed", newItem("error").put("message", s.message()));
            case EventMsg.Warning w -> item("item.completed", newItem("error").put("message", w.message()));
            case EventMsg.AgentMessageDelta d -> { }
            case EventMsg.AgentReasoningDelta d -> { }
            case EventMsg.AgentReasoningRawContentDelta d -> { }
            case EventMsg.UserMessage u -> { }
            case EventMsg.ExecCommandOutputDelta d -> { }
            case EventMsg.ExecApprovalRequest r -> { }
            case EventMsg.ApplyPatchApprovalRequest r -> { }
            case EventMsg.PatchApplyBegin p -> { }
            case EventMsg.PatchApplyEnd p -> { }
            case EventMsg.TurnDiff d -> { }
            case EventMsg.McpToolCallBegin m -> { }
            case EventMsg.McpToolCallEnd m -> { }
            case EventMsg.WebSearchEnd w -> item("item.completed", newItem("web_search").put("query", w.query()));
            case EventMsg.McpListToolsResponse r -> { }
            case EventMsg.ConversationHistoryResponse r -> { }
            case EventMsg.GetHistoryEntryResponse r -> { }
            case EventMsg.ToolCallEnd t -> { }
            case EventMsg.BackgroundEvent b -> { }
            case EventMsg.ShutdownComplete s -> { }
        }
    }

    private void plan(List<PlanItem> plan) {
        boolean first = todoList == null;
        if (first) {
            todoList = newItem("todo_list");
        }
        ArrayNode items = todoList.putArray("items");
        for (PlanItem step : plan) {
            items.addObject().put("text", step.step()).put("completed", step.status() == StepStatus.COMPLETED);
        }
        item(first ? "item.started" : "item.updated", todoList);
    }

    private ObjectNode newItem(String type) {
        return Json.object().put("id", "item_" + nextItem++).put("type", type);
    }

    private void item(String type, ObjectNode item) {
        ObjectNode line = Json.object().put("type", type);
        line.set("item", item.deepCopy());
        line(line);
    }

    private void line(ObjectNode line) {
        out.println(line);
        out.flush();
    }
}
