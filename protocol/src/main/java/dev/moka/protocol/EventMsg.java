package dev.moka.protocol;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonSubTypes;
import com.fasterxml.jackson.annotation.JsonTypeInfo;
import com.fasterxml.jackson.annotation.JsonValue;
import java.util.List;
import java.util.Map;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/** Everything a session can report to its front ends. Serialised with a snake_case {@code type} tag. */
@JsonTypeInfo(use = JsonTypeInfo.Id.NAME, property = "type", visible = true, defaultImpl = EventMsg.Unknown.class)
@JsonSubTypes({
    @JsonSubTypes.Type(value = EventMsg.SessionConfigured.class, name = "session_configured"),
    @JsonSubTypes.Type(value = EventMsg.TaskStarted.class, name = "task_started"),
    @JsonSubTypes.Type(value = EventMsg.TaskComplete.class, name = "task_complete"),
    @JsonSubTypes.Type(value = EventMsg.AgentMessageDelta.class, name = "agent_message_delta"),
    @JsonSubTypes.Type(value = EventMsg.AgentMessage.class, name = "agent_message"),
    @JsonSubTypes.Type(value = EventMsg.UserMessage.class, name = "user_message"),
    @JsonSubTypes.Type(value = EventMsg.AgentReasoningDelta.class, name = "agent_reasoning_delta"),
    @JsonSubTypes.Type(value = EventMsg.AgentReasoning.class, name = "agent_reasoning"),
    @JsonSubTypes.Type(value = EventMsg.AgentReasoningRawContentDelta.class, name = "agent_reasoning_raw_content_delta"),
    @JsonSubTypes.Type(value = EventMsg.TokenCount.class, name = "token_count"),
    @JsonSubTypes.Type(value = EventMsg.ExecCommandBegin.class, name = "exec_command_begin"),
    @JsonSubTypes.Type(value = EventMsg.ExecCommandOutputDelta.class, name = "exec_command_output_delta"),
    @JsonSubTypes.Type(value = EventMsg.ExecCommandEnd.class, name = "exec_command_end"),
    @JsonSubTypes.Type(value = EventMsg.ExecApprovalRequest.class, name = "exec_approval_request"),
    @JsonSubTypes.Type(value = EventMsg.ApplyPatchApprovalRequest.class, name = "apply_patch_approval_request"),
    @JsonSubTypes.Type(value = EventMsg.ElicitationRequest.class, name = "elicitation_request"),
    @JsonSubTypes.Type(value = EventMsg.PatchApplyBegin.class, name = "patch_apply_begin"),
    @JsonSubTypes.Type(value = EventMsg.PatchApplyEnd.class, name = "patch_apply_end"),
    @JsonSubTypes.Type(value = EventMsg.TurnDiff.class, name = "turn_diff"),
    @JsonSubTypes.Type(value = EventMsg.PlanUpdate.class, name = "plan_update"),
    @JsonSubTypes.Type(value = EventMsg.WebSearchEnd.class, name = "web_search_end"),
    @JsonSubTypes.Type(value = EventMsg.McpToolCallBegin.class, name = "mcp_tool_call_begin"),
    @JsonSubTypes.Type(value = EventMsg.McpToolCallEnd.class, name = "mcp_tool_call_end"),
    @JsonSubTypes.Type(value = EventMsg.McpListToolsResponse.class, name = "mcp_list_tools_response"),
    @JsonSubTypes.Type(value = EventMsg.CollabToolCall.class, name = "collab_tool_call"),
    @JsonSubTypes.Type(value = EventMsg.ConversationHistoryResponse.class, name = "conversation_history"),
    @JsonSubTypes.Type(value = EventMsg.GetHistoryEntryResponse.class, name = "get_history_entry_response"),
    @JsonSubTypes.Type(value = EventMsg.ToolCallEnd.class, name = "tool_call_end"),
    @JsonSubTypes.Type(value = EventMsg.BackgroundEvent.class, name = "background_event"),
    @JsonSubTypes.Type(value = EventMsg.StreamError.class, name = "stream_error"),
    @JsonSubTypes.Type(value = EventMsg.Warning.class, name = "warning"),
    @JsonSubTypes.Type(value = EventMsg.Error.class, name = "error"),
    @JsonSubTypes.Type(value = EventMsg.TurnAborted.class, name = "turn_aborted"),
    @JsonSubTypes.Type(value = EventMsg.ShutdownComplete.class, name = "shutdown_complete"),
    @JsonSubTypes.Type(value = EventMsg.RolledBack.class, name = "rolled_back"),
    @JsonSubTypes.Type(value = EventMsg.UndoCompleted.class, name = "undo_completed"),
    @JsonSubTypes.Type(value = EventMsg.HookStarted.class, name = "hook_started"),
    @JsonSubTypes.Type(value = EventMsg.HookCompleted.class, name = "hook_completed"),
    @JsonSubTypes.Type(value = EventMsg.RewindPreview.class, name = "rewind_preview"),
})
public sealed interface EventMsg {

    /**
     * The session is ready: what it runs with, for a front end's header. {@code reasoningEffort} is null when
     * the model takes none; {@code resumed} tells a conversation read back from its rollout.
     */
    record SessionConfigured(String sessionId, String model, String modelProvider, String cwd,
            String approvalPolicy, String sandboxMode, String reasoningEffort, String rolloutPath,
            long historyLogId, long historyEntryCount, boolean resumed) implements EventMsg {}

    record TaskStarted(long modelContextWindow) implements EventMsg {}

    record TaskComplete(String lastAgentMessage) implements EventMsg {}

    record AgentMessageDelta(String delta) implements EventMsg {}

    record AgentMessage(String message) implements EventMsg {}

    record UserMessage(String message, List<String> images) implements EventMsg {}

    record AgentReasoningDelta(String delta) implements EventMsg {}

    record AgentReasoning(String text) implements EventMsg {}

    record AgentReasoningRawContentDelta(String delta) implements EventMsg {}

    /**
     * Token usage after a response: totals, the last response, the window they are measured against, the
     * estimated size of the next prompt, and the share of the window still free (0 to 100).
     */
    record TokenCount(TokenUsage totalTokenUsage, TokenUsage lastTokenUsage, long modelContextWindow,
            long estimatedPromptTokens, int percentContextWindowLeft) implements EventMsg {}

    record ExecCommandBegin(String callId, List<String> command, String cwd, List<ParsedCommand> parsedCmd)
            implements EventMsg {}

    record ExecCommandOutputDelta(String callId, ExecOutputStream stream, String chunk) implements EventMsg {}

    record ExecCommandEnd(String callId, String stdout, String stderr, String aggregatedOutput, int exitCode,
            long durationMs, String formattedOutput) implements EventMsg {}

    /**
     * The turn waits for an {@link Op.ExecApproval} with this {@code callId}. {@code reason} says why it asks
     * (an escalation's justification, a sandbox denial, a dangerous command); {@code proposedPrefix} is the
     * command prefix an {@code approved_prefix} decision would allow for the session (null when none is safe
     * to offer).
     */
    record ExecApprovalRequest(String callId, List<String> command, String cwd, String reason,
            List<String> proposedPrefix) implements EventMsg {}

    /** The turn waits for an {@link Op.PatchApproval} with this {@code callId}; changes are keyed by path. */
    record ApplyPatchApprovalRequest(String callId, Map<String, JsonNode> changes, String reason, String grantRoot)
            implements EventMsg {}

    /**
     * An MCP server asks the person to fill in a form while one of its tools runs: {@code message} says what for,
     * {@code requestedSchema} is the form (a flat JSON schema object whose properties are strings, numbers,
     * integers, booleans or enums, perhaps with defaults). The server waits for an {@link Op.ResolveElicitation}
     * with {@code serverName} and this {@code id}; the session answers {@code cancel} itself when the turn ends.
     */
    record ElicitationRequest(String serverName, String id, String message, JsonNode requestedSchema)
            implements EventMsg {}

    record PatchApplyBegin(String callId, boolean autoApproved, Map<String, JsonNode> changes) implements EventMsg {}

    record PatchApplyEnd(String callId, String stdout, String stderr, boolean success) implements EventMsg {}

    record TurnDiff(String unifiedDiff) implements EventMsg {}

    record PlanUpdate(String explanation, List<PlanItem> plan) implements EventMsg {}

    /** The model's server ran a hosted web search; {@code query} is empty when the server did not say. */
    record WebSearchEnd(String callId, String query) implements EventMsg {}

    record McpToolCallBegin(String callId, String server, String tool, JsonNode arguments) implements EventMsg {}

    record McpToolCallEnd(String callId, String server, String tool, long durationMs, JsonNode result)
            implements EventMsg {}

    record McpListToolsResponse(Map<String, JsonNode> tools) implements EventMsg {}

    /**
     * A call of a subagent tool, once it returned: {@code tool} (spawn_agent, wait_agent, ...), the conversation
     * that made it, the children it was about, the text it sent them (null for none), and each child's status
     * after it ({@code agentsStates}, by child id: {@code {"status": ..., "message": ...}}).
     */
    record CollabToolCall(String callId, String tool, String senderThreadId, List<String> receiverThreadIds,
            String prompt, JsonNode agentsStates, boolean success) implements EventMsg {}

    /**
     * The answer to {@link Op.GetHistory}: the history's items ({@code entries}), oldest first, and the events the
     * faces were shown of it ({@code events}), oldest first, as the rollout recorded them, without the turns
     * rolled back and what came before the last compaction. A face shows a resumed conversation by applying
     * {@code events} as it applied them live; {@code entries} are for a rollout that recorded no events.
     */
    record ConversationHistoryResponse(String conversationId, List<JsonNode> entries, List<EventMsg> events)
            implements EventMsg {
        public ConversationHistoryResponse {
            // An engine that sent none (older than the field) recorded nothing a face could apply.
            events = events == null ? List.of() : List.copyOf(events);
        }

        public ConversationHistoryResponse(String conversationId, List<JsonNode> entries) {
            this(conversationId, entries, List.of());
        }
    }

    record GetHistoryEntryResponse(long offset, long logId, JsonNode entry) implements EventMsg {}

    /**
     * A tool call finished. {@code brief} is a few words for the person (what was fetched, why it failed);
     * front ends show it for tools that have no events of their own.
     */
    record ToolCallEnd(String callId, String tool, boolean success, String brief, long durationMs)
            implements EventMsg {}

    record BackgroundEvent(String message) implements EventMsg {}

    /** A recoverable streaming problem; the client is retrying. */
    record StreamError(String message) implements EventMsg {}

    record Warning(String message) implements EventMsg {}

    /** The turn failed; the message says why and what to do. */
    record Error(String message) implements EventMsg {}

    record TurnAborted(String reason) implements EventMsg {}

    record ShutdownComplete() implements EventMsg {}

    /** The conversation forked: its last {@code turns} user turns left the history (see {@link Op.Rollback}). */
    record RolledBack(int turns) implements EventMsg {}

    /** The answer to {@link Op.Undo}: whether files were restored, and what was done or why nothing was. */
    record UndoCompleted(boolean success, String message) implements EventMsg {}

    /**
     * One of the person's hooks started for {@code event} ({@code PreToolUse}, {@code Stop}, ...);
     * {@code statusMessage} is what its configuration asks a face to show while it runs (may be null).
     */
    record HookStarted(String runId, String event, String command, String statusMessage) implements EventMsg {}

    /**
     * How a hook run ended: {@code status} is {@code completed}, {@code blocked}, {@code failed} or
     * {@code timed_out}; {@code message} says what it answered or why it failed (empty when it said nothing).
     */
    record HookCompleted(String runId, String event, String command, String status, String message,
            long durationMs) implements EventMsg {}

    /**
     * The answer to {@link Op.PreviewRewind}: the files a rewind of the last {@code turns} turns would write back
     * ({@code restored}) or remove, those among them changed since by someone other than Moka
     * ({@code changedSince}), files too big to be kept ({@code leftOut}), or why nothing can be rewound
     * ({@code unavailable}, null when something can).
     */
    record RewindPreview(int turns, List<String> restored, List<String> removed, List<String> changedSince,
            List<String> leftOut, String unavailable) implements EventMsg {}

    /**
     * An event of a type this version does not know (sent by a newer engine): kept as its raw JSON, type
     * included, and written back as it came, so a front end never fails on it.
     */
    @JsonTypeInfo(use = JsonTypeInfo.Id.NONE)
    record Unknown(@JsonValue ObjectNode raw) implements EventMsg {
        @JsonCreator(mode = JsonCreator.Mode.DELEGATING)
        public Unknown {
            raw = raw.deepCopy();
        }
    }
}
