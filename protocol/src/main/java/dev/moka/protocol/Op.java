package dev.moka.protocol;

import com.fasterxml.jackson.annotation.JsonSubTypes;
import com.fasterxml.jackson.annotation.JsonTypeInfo;
import java.nio.file.Path;
import java.util.List;
import tools.jackson.databind.JsonNode;

/** What a front end asks a session to do. */
@JsonTypeInfo(use = JsonTypeInfo.Id.NAME, property = "type")
@JsonSubTypes({
    @JsonSubTypes.Type(value = Op.UserInput.class, name = "user_input"),
    @JsonSubTypes.Type(value = Op.UserTurn.class, name = "user_turn"),
    @JsonSubTypes.Type(value = Op.OverrideTurnContext.class, name = "override_turn_context"),
    @JsonSubTypes.Type(value = Op.Interrupt.class, name = "interrupt"),
    @JsonSubTypes.Type(value = Op.ExecApproval.class, name = "exec_approval"),
    @JsonSubTypes.Type(value = Op.PatchApproval.class, name = "patch_approval"),
    @JsonSubTypes.Type(value = Op.ResolveElicitation.class, name = "resolve_elicitation"),
    @JsonSubTypes.Type(value = Op.AddToHistory.class, name = "add_to_history"),
    @JsonSubTypes.Type(value = Op.GetHistoryEntryRequest.class, name = "get_history_entry_request"),
    @JsonSubTypes.Type(value = Op.GetHistory.class, name = "get_history"),
    @JsonSubTypes.Type(value = Op.ListMcpTools.class, name = "list_mcp_tools"),
    @JsonSubTypes.Type(value = Op.ListCustomPrompts.class, name = "list_custom_prompts"),
    @JsonSubTypes.Type(value = Op.Compact.class, name = "compact"),
    @JsonSubTypes.Type(value = Op.RunUserShellCommand.class, name = "run_user_shell_command"),
    @JsonSubTypes.Type(value = Op.Rollback.class, name = "rollback"),
    @JsonSubTypes.Type(value = Op.Undo.class, name = "undo"),
    @JsonSubTypes.Type(value = Op.Shutdown.class, name = "shutdown"),
    @JsonSubTypes.Type(value = Op.AgentTask.class, name = "agent_task"),
    @JsonSubTypes.Type(value = Op.PreviewRewind.class, name = "preview_rewind"),
    @JsonSubTypes.Type(value = Op.RewindFiles.class, name = "rewind_files"),
    @JsonSubTypes.Type(value = Op.RedoRewind.class, name = "redo_rewind"),
})
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

    /**
     * A turn whose input is a message from another agent of the team ({@link ResponseItem.AgentMessage}), as a
     * child agent of Codex's second tool set gets its task: sent as it was made, its payload perhaps encrypted.
     */
    record AgentTask(ResponseItem.AgentMessage message) implements Op {}

    /** {@code reason} (may be null) is the person's word to the model with a denial. */
    record ExecApproval(String id, ReviewDecision decision, String reason) implements Op {
        public ExecApproval(String id, ReviewDecision decision) {
            this(id, decision, null);
        }
    }

    /** {@code reason} (may be null) is the person's word to the model with a denial. */
    record PatchApproval(String id, ReviewDecision decision, String reason) implements Op {
        public PatchApproval(String id, ReviewDecision decision) {
            this(id, decision, null);
        }
    }

    /**
     * The answer to an {@link EventMsg.ElicitationRequest}: {@code content} (an object of the form's fields) goes
     * with {@code accept} only, and is null otherwise.
     */
    record ResolveElicitation(String serverName, String requestId, ElicitationAction decision, JsonNode content)
            implements Op {}

    record AddToHistory(String text) implements Op {}

    record GetHistoryEntryRequest(long offset, long logId) implements Op {}

    record GetHistory() implements Op {}

    record ListMcpTools() implements Op {}

    record ListCustomPrompts() implements Op {}

    /** Summarises the conversation so far to free the context window. */
    record Compact() implements Op {}

    /**
     * A command the person typed ({@code !cmd} in the UI): run by the shell inside the session's sandbox, never
     * outside it and without asking, and added with its output to the conversation for the model's next turn.
     */
    record RunUserShellCommand(String command) implements Op {}

    /**
     * Forks the conversation before its last {@code turns} user turns: they leave the history the model is sent
     * (what is left is the history as it stood when the earliest of them began) and the rollout records the fork,
     * so a resume rebuilds the same history. Answered by {@link EventMsg.RolledBack}, or a warning when the
     * conversation has fewer turns to go back over (a compaction ends how far back it can go).
     */
    record Rollback(int turns) implements Op {}

    /**
     * Restores the files the last turn that changed any changed (where git can snapshot the work tree), unless
     * one of them changed again since. Answered by {@link EventMsg.UndoCompleted}.
     */
    record Undo() implements Op {}

    /**
     * Asks what rewinding the files to before the last {@code turns} user turns would change (Moka's own
     * snapshots, no git needed). Answered by {@link EventMsg.RewindPreview}.
     */
    record PreviewRewind(int turns) implements Op {}

    /**
     * Writes back the files as they were before the last {@code turns} user turns; files changed since by
     * someone else are left as they are unless {@code overwriteChangedSince}. The conversation is not touched
     * ({@link Rollback} does that). Answered by {@link EventMsg.UndoCompleted}.
     */
    record RewindFiles(int turns, boolean overwriteChangedSince) implements Op {}

    /** Puts back what the last {@link RewindFiles} changed, until the next turn; answered by an UndoCompleted. */
    record RedoRewind() implements Op {}

    record Shutdown() implements Op {}
}
