package dev.moka.protocol;

import java.nio.file.Path;
import java.util.List;

/** What a front end asks a session to do. */
public sealed interface Op {
    /** A turn with the session's current context. */
    record UserInput(List<InputItem> items) implements Op {
        public UserInput {
            items = List.copyOf(items);
        }
    }

    /** A turn that also sets the context it runs in. */
    record UserTurn(List<InputItem> items, Path cwd, AskForApproval approvalPolicy, SandboxPolicy sandboxPolicy,
            String model, ReasoningEffort effort, ReasoningSummary summary) implements Op {
        public UserTurn {
            items = List.copyOf(items);
        }
    }

    /** Changes the context of later turns; null fields stay as they are. */
    record OverrideTurnContext(Path cwd, AskForApproval approvalPolicy, SandboxPolicy sandboxPolicy, String model,
            ReasoningEffort effort, ReasoningSummary summary) implements Op {}

    /** Stops the running turn. */
    record Interrupt() implements Op {}

    record ExecApproval(String id, ReviewDecision decision) implements Op {}

    record PatchApproval(String id, ReviewDecision decision) implements Op {}

    record AddToHistory(String text) implements Op {}

    record GetHistoryEntryRequest(long offset, long logId) implements Op {}

    record GetHistory() implements Op {}

    record ListMcpTools() implements Op {}

    record ListCustomPrompts() implements Op {}

    /** Summarises the conversation so far to free the context window. */
    record Compact() implements Op {}

    record Shutdown() implements Op {}
}
