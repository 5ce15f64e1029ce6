package dev.moka.cli.acp;

import dev.moka.protocol.EventMsg;
import java.util.ArrayList;
import java.util.List;
import tools.jackson.databind.node.ObjectNode;

/**
 * A session's events as ACP updates. Live, text arrives as deltas and the whole message that follows them is
 * not sent again; read back for {@code session/load}, the recorded whole messages stand for their deltas, and
 * the person's prompts are shown too. Approvals and the ends of turns are the session's to handle, not here.
 */
final class EventUpdates {
    private final ToolCalls calls;
    /** Whether the message (or reasoning) being streamed has sent a delta: its whole text then adds nothing. */
    private boolean streamedText;
    private boolean streamedThought;

    EventUpdates(ToolCalls calls) {
        this.calls = calls;
    }

    List<ObjectNode> live(EventMsg msg) {
        List<ObjectNode> out = new ArrayList<>();
        switch (msg) {
            case EventMsg.AgentMessageDelta d -> {
                streamedText = true;
                out.add(Updates.agentText(d.delta()));
            }
            case EventMsg.AgentMessage m -> {
                if (!streamedText) {
                    out.add(Updates.agentText(m.message()));
                }
                streamedText = false;
            }
            case EventMsg.AgentReasoningDelta d -> {
                streamedThought = true;
                out.add(Updates.thought(d.delta()));
            }
            case EventMsg.AgentReasoning r -> {
                if (!streamedThought) {
                    out.add(Updates.thought(r.text()));
                }
                streamedThought = false;
            }
            case EventMsg.ExecCommandOutputDelta d -> {
                ObjectNode update = calls.commandPrinted(d, System.nanoTime());
                if (update != null) {
                    out.add(update);
                }
            }
            default -> shared(msg, out);
        }
        return out;
    }

    List<ObjectNode> replay(List<EventMsg> recorded) {
        List<ObjectNode> out = new ArrayList<>();
        for (EventMsg msg : recorded) {
            switch (msg) {
                case EventMsg.UserMessage m -> out.add(Updates.userText(m.message()));
                case EventMsg.AgentMessage m -> out.add(Updates.agentText(m.message()));
                case EventMsg.AgentReasoning r -> out.add(Updates.thought(r.text()));
                case EventMsg.AgentMessageDelta _, EventMsg.AgentReasoningDelta _ -> { }
                // What was asked then was answered then: the calls' own events show what came of it.
                case EventMsg.ExecApprovalRequest _, EventMsg.ApplyPatchApprovalRequest _ -> { }
                default -> shared(msg, out);
            }
        }
        return out;
    }

    /** Events shown the same way live and read back. */
    private void shared(EventMsg msg, List<ObjectNode> out) {
        ObjectNode update = switch (msg) {
            case EventMsg.ExecCommandBegin b -> calls.commandBegan(b);
            case EventMsg.ExecCommandEnd e -> calls.commandEnded(e);
            case EventMsg.PatchApplyBegin b -> calls.patch(b.callId(), b.changes(), "in_progress");
            case EventMsg.PatchApplyEnd e -> calls.patchEnded(e);
            case EventMsg.McpToolCallBegin b -> calls.mcpBegan(b);
            case EventMsg.McpToolCallEnd e -> calls.mcpEnded(e);
            case EventMsg.WebSearchEnd s -> calls.searched(s);
            case EventMsg.ToolCallEnd e -> calls.ended(e);
            case EventMsg.PlanUpdate p -> Updates.plan(p.plan());
            case EventMsg.TokenCount t -> Updates.usage(t.estimatedPromptTokens() > 0 ? t.estimatedPromptTokens()
                    : t.lastTokenUsage().totalTokens(), t.modelContextWindow());
            case EventMsg.SessionConfigured _, EventMsg.TaskStarted _, EventMsg.TaskComplete _,
                    EventMsg.AgentMessageDelta _, EventMsg.AgentMessage _, EventMsg.UserMessage _,
                    EventMsg.AgentReasoningDelta _, EventMsg.AgentReasoning _,
                    EventMsg.AgentReasoningRawContentDelta _, EventMsg.ExecCommandOutputDelta _,
                    EventMsg.ExecApprovalRequest _, EventMsg.ApplyPatchApprovalRequest _, EventMsg.TurnDiff _,
                    EventMsg.ElicitationRequest _,
                    EventMsg.McpListToolsResponse _, EventMsg.CollabToolCall _, EventMsg.HookStarted _,
                    EventMsg.HookCompleted _, EventMsg.RewindPreview _, EventMsg.ConversationHistoryResponse _,
                    EventMsg.GetHistoryEntryResponse _, EventMsg.BackgroundEvent _, EventMsg.StreamError _,
                    EventMsg.Warning _, EventMsg.Error _, EventMsg.TurnAborted _, EventMsg.ShutdownComplete _,
                    EventMsg.RolledBack _, EventMsg.UndoCompleted _, EventMsg.Unknown _ -> null;
        };
        if (update != null) {
            out.add(update);
        }
    }
}
