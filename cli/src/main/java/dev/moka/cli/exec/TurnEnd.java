package dev.moka.cli.exec;

import dev.moka.protocol.EventMsg;

/** How the one turn a command runs ended, read off the event that ended it. */
public sealed interface TurnEnd {
    /** The turn finished; {@code lastMessage} is the model's final answer (may be null). */
    record Completed(String lastMessage) implements TurnEnd {}

    /** The model call failed or the turn was interrupted; the event said why. */
    record Failed() implements TurnEnd {}

    /** The turn's end, or null when {@code msg} does not end it. */
    static TurnEnd of(EventMsg msg) {
        return switch (msg) {
            case EventMsg.TaskComplete done -> new Completed(done.lastAgentMessage());
            case EventMsg.Error _, EventMsg.TurnAborted _ -> new Failed();
            case EventMsg.TokenCount _, EventMsg.SessionConfigured _, EventMsg.TaskStarted _,
                    EventMsg.AgentMessageDelta _, EventMsg.AgentMessage _, EventMsg.UserMessage _,
                    EventMsg.AgentReasoningDelta _, EventMsg.AgentReasoning _,
                    EventMsg.AgentReasoningRawContentDelta _, EventMsg.ExecCommandBegin _,
                    EventMsg.ExecCommandOutputDelta _, EventMsg.ExecCommandEnd _, EventMsg.ExecApprovalRequest _,
                    EventMsg.ApplyPatchApprovalRequest _, EventMsg.ElicitationRequest _, EventMsg.PatchApplyBegin _,
                    EventMsg.PatchApplyEnd _,
                    EventMsg.TurnDiff _, EventMsg.PlanUpdate _, EventMsg.WebSearchEnd _,
                    EventMsg.McpToolCallBegin _, EventMsg.McpToolCallEnd _, EventMsg.McpListToolsResponse _,
                    EventMsg.ConversationHistoryResponse _, EventMsg.GetHistoryEntryResponse _,
                    EventMsg.ToolCallEnd _, EventMsg.BackgroundEvent _, EventMsg.StreamError _,
                    EventMsg.Warning _, EventMsg.ShutdownComplete _, EventMsg.RolledBack _,
                    EventMsg.UndoCompleted _, EventMsg.CollabToolCall _, EventMsg.HookStarted _,
                    EventMsg.RewindPreview _,
                    EventMsg.HookCompleted _, EventMsg.Unknown _ -> null;
        };
    }
}
