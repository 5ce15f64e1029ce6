package dev.moka.core.session;

import dev.moka.core.tools.PastCall;
import dev.moka.core.tools.code.CodeMode;
import dev.moka.core.tools.plan.UpdatePlanTool;
import dev.moka.protocol.EventMsg;
import dev.moka.protocol.Json;
import dev.moka.protocol.ResponseItem;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;

/**
 * The events of the calls whose history items do not show what the person saw: the calls a code-mode script
 * made (the history holds only the script's {@code exec} call, their events carry ids derived from its id, see
 * {@link CodeMode#scriptOf}; the plans its {@code update_plan} calls sent) and MCP calls (their items do not
 * say which server). A session keeps them, read
 * back with its rollout and as it emits them, to answer {@code GetHistory}; {@link Transcript} tells them
 * under the items they belong to. They are never sent to the model, so the history and its cached prefix are
 * the same with or without them.
 */
final class CallEvents {
    /** The types kept: only these are parsed from a rollout, as reading every event would slow a long resume. */
    private static final Set<String> TYPES = Set.of("exec_command_begin", "exec_command_end", "patch_apply_begin",
            "patch_apply_end", "mcp_tool_call_begin", "mcp_tool_call_end", "tool_call_end", "plan_update");

    /** An event kept, with the id of the call item it is told under. */
    private record Kept(String item, EventMsg event) {}

    private final List<Kept> kept = new ArrayList<>();
    /** The last plan sent, until the {@code update_plan} call that sent it ends (see {@link #seen}). */
    private EventMsg.PlanUpdate plan;

    CallEvents(List<EventMsg> resumed) {
        resumed.forEach(this::seen);
    }

    /**
     * Keeps what a transcript shows of {@code event}, when it is one of those calls'. A plan names no call: it
     * is the one of the {@code update_plan} call that ends next, as the tool sends it just before it returns, and
     * is kept, right before that call's end, only when a script made the call.
     */
    synchronized void seen(EventMsg event) {
        if (event instanceof EventMsg.PlanUpdate update) {
            plan = update;
            return;
        }
        boolean endsPlan = event instanceof EventMsg.ToolCallEnd end && UpdatePlanTool.NAME.equals(end.tool());
        EventMsg.PlanUpdate sent = endsPlan ? plan : null;
        if (endsPlan) {
            plan = null;
            if (sent == null) {
                // It sent no plan (its arguments were refused): there is nothing to tell.
                return;
            }
        }
        shown(event).ifPresent(shown -> {
            String item = itemOf(callId(shown).orElseThrow());
            if (sent != null) {
                kept.add(new Kept(item, sent));
            }
            kept.add(new Kept(item, shown));
        });
    }

    /** An event line of a rollout. One that does not read as its type is passed over: it tells no call. */
    void recorded(JsonNode event) {
        if (!TYPES.contains(String.valueOf(Json.text(event, "type")))) {
            return;
        }
        try {
            seen(Json.MAPPER.treeToValue(event, EventMsg.class));
        } catch (JacksonException e) {
            // Fields that do not read as its type (another version wrote it): that call goes untold.
        }
    }

    /** The events of the calls {@code items} hold, oldest first: a call rolled back or compacted away is not told. */
    synchronized List<EventMsg> of(List<ResponseItem> items) {
        Set<String> calls = new HashSet<>();
        for (ResponseItem item : items) {
            switch (item) {
                case ResponseItem.FunctionCall c -> calls.add(c.callId());
                case ResponseItem.CustomToolCall c -> calls.add(c.callId());
                case ResponseItem.Message _, ResponseItem.Reasoning _, ResponseItem.FunctionCallOutput _,
                        ResponseItem.CustomToolCallOutput _, ResponseItem.WebSearchCall _, ResponseItem.Compaction _,
                        ResponseItem.Unknown _ -> { }
            }
        }
        return kept.stream().filter(k -> calls.contains(k.item())).map(Kept::event).toList();
    }

    /**
     * The calls {@code events} tell, under the id of the call item each belongs to, each list in the order the
     * live session showed them: a cell came with its call's end. A call begun but not ended (a command left
     * running, a lost line) comes after them: a command or an MCP call without its figures, a patch not at all,
     * as whether it applied is unknown. A script whose end was recorded has a list, empty when its calls
     * showed nothing; one with no event at all has none.
     */
    static Map<String, List<PastCall>> told(List<EventMsg> events) {
        Map<String, List<PastCall>> told = new HashMap<>();
        // By call id, the call as its begin event tells it, until its end tells the rest.
        Map<String, PastCall> begun = new LinkedHashMap<>();
        // A plan is the one of the update_plan call whose end follows it (see seen).
        EventMsg.PlanUpdate plan = null;
        for (EventMsg event : events) {
            if (event instanceof EventMsg.PlanUpdate update) {
                plan = update;
                continue;
            }
            Optional<String> callId = callId(event);
            if (callId.isEmpty()) {
                continue;
            }
            String id = callId.get();
            List<PastCall> calls = told.computeIfAbsent(itemOf(id), item -> new ArrayList<>());
            switch (event) {
                case EventMsg.ExecCommandBegin b -> begun.put(id, new PastCall.Command(b.command(), null, null, ""));
                case EventMsg.PatchApplyBegin b -> begun.put(id, new PastCall.Patch(b.changes(), false, ""));
                case EventMsg.McpToolCallBegin b -> begun.put(id, new PastCall.Mcp(b.server(), b.tool(), null));
                case EventMsg.ExecCommandEnd e -> calls.add(new PastCall.Command(
                        begun.remove(id) instanceof PastCall.Command c ? c.argv() : List.of(), e.exitCode(),
                        e.durationMs(), e.aggregatedOutput()));
                case EventMsg.PatchApplyEnd e -> calls.add(new PastCall.Patch(
                        begun.remove(id) instanceof PastCall.Patch p ? p.changes() : Map.of(), e.success(),
                        e.stderr()));
                case EventMsg.McpToolCallEnd e -> {
                    begun.remove(id);
                    calls.add(new PastCall.Mcp(e.server(), e.tool(), e.durationMs()));
                }
                case EventMsg.ToolCallEnd e -> {
                    // An update_plan call is the plan sent before its end; a script's own end only says that
                    // its events were recorded.
                    if (UpdatePlanTool.NAME.equals(e.tool()) && plan != null) {
                        calls.add(new PastCall.Plan(plan.explanation(), plan.plan()));
                    }
                }
                default -> { }
            }
            if (event instanceof EventMsg.ToolCallEnd) {
                plan = null;
            }
        }
        begun.forEach((id, call) -> {
            if (!(call instanceof PastCall.Patch)) {
                told.get(itemOf(id)).add(call);
            }
        });
        return told;
    }

    /** The call item an event is told under: a script's for the calls it made, the call's own otherwise. */
    private static String itemOf(String callId) {
        return CodeMode.scriptOf(callId).orElse(callId);
    }

    /**
     * What a transcript shows of {@code event}, or empty when it is not one of those calls': outputs are cut as
     * the rollout cuts them, so a session tells the same before and after a resume, and what a cell does not
     * show (raw stdout and stderr, MCP arguments and results) is not kept twice.
     */
    private static Optional<EventMsg> shown(EventMsg event) {
        boolean nested = callId(event).flatMap(CodeMode::scriptOf).isPresent();
        return switch (event) {
            case EventMsg.ExecCommandBegin b when nested -> Optional.of(
                    new EventMsg.ExecCommandBegin(b.callId(), b.command(), b.cwd(), List.of()));
            case EventMsg.ExecCommandEnd e when nested -> Optional.of(new EventMsg.ExecCommandEnd(e.callId(), "", "",
                    RolloutRecorder.bounded(e.aggregatedOutput()), e.exitCode(), e.durationMs(), ""));
            case EventMsg.PatchApplyBegin b when nested -> {
                Map<String, JsonNode> changes = new LinkedHashMap<>();
                b.changes().forEach((path, change) -> changes.put(path, RolloutRecorder.bounded(change)));
                yield Optional.of(new EventMsg.PatchApplyBegin(b.callId(), b.autoApproved(), changes));
            }
            case EventMsg.PatchApplyEnd e when nested -> Optional.of(new EventMsg.PatchApplyEnd(e.callId(), "",
                    RolloutRecorder.bounded(e.stderr()), e.success()));
            case EventMsg.McpToolCallBegin b -> Optional.of(new EventMsg.McpToolCallBegin(b.callId(), b.server(),
                    b.tool(), null));
            case EventMsg.McpToolCallEnd e -> Optional.of(new EventMsg.McpToolCallEnd(e.callId(), e.server(),
                    e.tool(), e.durationMs(), null));
            // A script's own end says its events were recorded: with none of its calls', they showed nothing.
            // A script's update_plan call has no event of its own but its plan, told with its end.
            case EventMsg.ToolCallEnd e when CodeMode.runsScript(e.tool(), null)
                    || nested && UpdatePlanTool.NAME.equals(e.tool()) -> Optional.of(
                    new EventMsg.ToolCallEnd(e.callId(), e.tool(), e.success(), "", e.durationMs()));
            // A direct call's command or patch is read from its items; other kinds tell no call (see callId).
            default -> Optional.empty();
        };
    }

    /** The call an event is of, for the kinds a transcript reads; empty for every other kind. */
    private static Optional<String> callId(EventMsg event) {
        return switch (event) {
            case EventMsg.ExecCommandBegin e -> Optional.of(e.callId());
            case EventMsg.ExecCommandEnd e -> Optional.of(e.callId());
            case EventMsg.PatchApplyBegin e -> Optional.of(e.callId());
            case EventMsg.PatchApplyEnd e -> Optional.of(e.callId());
            case EventMsg.McpToolCallBegin e -> Optional.of(e.callId());
            case EventMsg.McpToolCallEnd e -> Optional.of(e.callId());
            case EventMsg.ToolCallEnd e -> Optional.of(e.callId());
            case EventMsg.SessionConfigured _, EventMsg.TaskStarted _, EventMsg.TaskComplete _,
                    EventMsg.AgentMessageDelta _, EventMsg.AgentMessage _, EventMsg.UserMessage _,
                    EventMsg.AgentReasoningDelta _, EventMsg.AgentReasoning _,
                    EventMsg.AgentReasoningRawContentDelta _, EventMsg.TokenCount _,
                    EventMsg.ExecCommandOutputDelta _, EventMsg.ExecApprovalRequest _,
                    EventMsg.ApplyPatchApprovalRequest _, EventMsg.TurnDiff _, EventMsg.PlanUpdate _,
                    EventMsg.WebSearchEnd _, EventMsg.McpListToolsResponse _, EventMsg.ConversationHistoryResponse _,
                    EventMsg.GetHistoryEntryResponse _, EventMsg.BackgroundEvent _, EventMsg.StreamError _,
                    EventMsg.Warning _, EventMsg.Error _, EventMsg.TurnAborted _, EventMsg.ShutdownComplete _,
                    EventMsg.RolledBack _, EventMsg.UndoCompleted _, EventMsg.Unknown _ -> Optional.empty();
        };
    }
}
