package dev.moka.cli.exec;

import dev.moka.core.exec.ShellWords;
import dev.moka.protocol.EventMsg;
import dev.moka.protocol.Json;
import dev.moka.protocol.PlanItem;
import dev.moka.protocol.StepStatus;
import dev.moka.protocol.TokenUsage;
import java.io.PrintStream;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * Prints one JSON object per line for {@code moka exec --json}: thread and turn boundaries, and items
 * (agent messages, reasoning, command executions, file changes, MCP tool calls, web searches, the plan as a
 * to-do list) as they start and finish, in the shapes of Codex's {@code exec --json}.
 */
final class JsonlPrinter implements EventPrinter {
    private final PrintStream out;
    private final Map<String, ObjectNode> runningCommands = new HashMap<>();
    private final Map<String, ObjectNode> runningHooks = new HashMap<>();
    private final Map<String, ObjectNode> runningMcpCalls = new HashMap<>();
    private final Map<String, Map<String, JsonNode>> pendingPatches = new HashMap<>();
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
            // Exec declines a server's form itself, saying so on stderr.
            case EventMsg.ElicitationRequest r -> { }
            case EventMsg.PatchApplyBegin p -> pendingPatches.put(p.callId(), p.changes());
            case EventMsg.PatchApplyEnd p -> fileChange(p);
            case EventMsg.TurnDiff d -> { }
            case EventMsg.McpToolCallBegin m -> mcpBegin(m);
            case EventMsg.McpToolCallEnd m -> mcpEnd(m);
            case EventMsg.WebSearchEnd w -> item("item.completed", newItem("web_search").put("query", w.query()));
            case EventMsg.McpListToolsResponse r -> { }
            case EventMsg.CollabToolCall c -> collab(c);
            case EventMsg.ConversationHistoryResponse r -> { }
            case EventMsg.GetHistoryEntryResponse r -> { }
            case EventMsg.ToolCallEnd t -> { }
            case EventMsg.BackgroundEvent b -> { }
            case EventMsg.ShutdownComplete s -> { }
            case EventMsg.RolledBack r -> { }
            case EventMsg.UndoCompleted u -> { }
            case EventMsg.HookStarted h -> {
                ObjectNode item = newItem("hook_run").put("event", h.event()).put("command", h.command())
                        .put("status_message", h.statusMessage()).put("status", "in_progress");
                runningHooks.put(h.runId(), item);
                item("item.started", item);
            }
            case EventMsg.HookCompleted h -> {
                ObjectNode item = runningHooks.remove(h.runId());
                if (item != null) {
                    item("item.completed", item.put("status", h.status()).put("message", h.message())
                            .put("duration_ms", h.durationMs()));
                }
            }
            case EventMsg.RewindPreview p -> { }
            case EventMsg.Unknown u -> { }
        }
    }

    /** Codex's {@code file_change} item: the files of the patch (from its begin event) and how it ended. */
    private void fileChange(EventMsg.PatchApplyEnd end) {
        Map<String, JsonNode> changes = pendingPatches.remove(end.callId());
        ObjectNode item = newItem("file_change");
        ArrayNode list = item.putArray("changes");
        if (changes != null) {
            changes.forEach((path, change) -> list.addObject().put("path", path).put("kind",
                    change.has("add") ? "add" : change.has("delete") ? "delete" : "update"));
        }
        item("item.completed", item.put("status", end.success() ? "completed" : "failed"));
    }

    private void mcpBegin(EventMsg.McpToolCallBegin begin) {
        ObjectNode item = newItem("mcp_tool_call").put("server", begin.server()).put("tool", begin.tool());
        item.set("arguments", begin.arguments());
        item.putNull("result");
        item.putNull("error");
        item.put("status", "in_progress");
        runningMcpCalls.put(begin.callId(), item);
        item("item.started", item);
    }

    /** A subagent tool's call, as one finished item naming the conversations it concerned. */
    private void collab(EventMsg.CollabToolCall call) {
        ObjectNode item = newItem("collab_tool_call").put("tool", call.tool())
                .put("sender_thread_id", call.senderThreadId());
        ArrayNode receivers = item.putArray("receiver_thread_ids");
        call.receiverThreadIds().forEach(receivers::add);
        if (call.prompt() == null) {
            item.putNull("prompt");
        } else {
            item.put("prompt", call.prompt());
        }
        item.set("agents_states", call.agentsStates() == null ? Json.object() : call.agentsStates());
        item.put("status", call.success() ? "completed" : "failed");
        item("item.completed", item);
    }

    /** A result with {@code isError} (or none at all) fails the item, its text becoming the error message. */
    private void mcpEnd(EventMsg.McpToolCallEnd end) {
        ObjectNode item = runningMcpCalls.remove(end.callId());
        if (item == null) {
            return;
        }
        JsonNode result = end.result();
        JsonNode isError = result == null ? null : result.get("isError");
        if (result == null || result.isNull() || isError != null && isError.asBoolean()) {
            item.putObject("error").put("message", errorText(result));
            item.put("status", "failed");
        } else {
            ObjectNode shown = item.putObject("result");
            shown.set("content", result.has("content") ? result.get("content") : Json.array());
            JsonNode structured = result.get("structuredContent");
            if (structured == null) {
                shown.putNull("structured_content");
            } else {
                shown.set("structured_content", structured);
            }
            item.put("status", "completed");
        }
        item("item.completed", item);
    }

    private static String errorText(JsonNode result) {
        JsonNode content = result == null ? null : result.get("content");
        if (content != null && content.isArray()) {
            for (JsonNode part : content) {
                JsonNode text = part.get("text");
                if (text != null && text.isString()) {
                    return text.asString();
                }
            }
        }
        return "the tool call failed";
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
