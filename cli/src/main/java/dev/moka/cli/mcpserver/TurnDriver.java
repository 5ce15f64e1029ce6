package dev.moka.cli.mcpserver;

import dev.moka.core.log.MokaLog;
import dev.moka.core.policy.ApprovalRequest;
import dev.moka.core.policy.Decision;
import dev.moka.core.session.Session;
import dev.moka.protocol.ElicitationAction;
import dev.moka.protocol.Event;
import dev.moka.protocol.EventMsg;
import dev.moka.protocol.InputItem;
import dev.moka.protocol.Op;
import io.modelcontextprotocol.spec.McpSchema;
import java.util.List;

/**
 * Runs one turn of a conversation for a tool call: submits the prompt, passes every event on to the client,
 * puts approval requests to it when it can answer them, and ends with the turn's own terminal event.
 */
final class TurnDriver {
    private final ClientLink client;
    private final MokaLog log;

    TurnDriver(ClientLink client, MokaLog log) {
        this.client = client;
        this.log = log;
    }

    TurnOutcome run(LiveConversation conversation, String prompt) throws InterruptedException {
        Session session = conversation.session();
        String submission = session.submit(new Op.UserInput(List.of(new InputItem.Text(prompt))));
        while (true) {
            Event event = session.nextEvent();
            forward(conversation.id(), event);
            // Only this turn's terminal events end the call; others (a notice of the session's start) pass by.
            boolean ours = event.id().equals(submission);
            switch (event.msg()) {
                case EventMsg.TaskComplete done -> {
                    if (ours) {
                        return new TurnOutcome.Answered(done.lastAgentMessage() == null ? "" : done.lastAgentMessage());
                    }
                }
                case EventMsg.Error error -> {
                    if (ours) {
                        return new TurnOutcome.Failed(error.message());
                    }
                }
                case EventMsg.TurnAborted aborted -> {
                    if (ours) {
                        return new TurnOutcome.Failed("the turn was stopped before it finished (" + aborted.reason()
                                + ")");
                    }
                }
                case EventMsg.ShutdownComplete _ -> {
                    return new TurnOutcome.Failed("the conversation was closed: the Moka MCP server is shutting down");
                }
                // Without elicitation the session was opened with nobody to ask: it denied these itself.
                case EventMsg.ExecApprovalRequest r when conversation.canAsk() -> answer(conversation, r);
                case EventMsg.ApplyPatchApprovalRequest r when conversation.canAsk() -> answer(conversation, r);
                case EventMsg.ElicitationRequest form -> decline(conversation, form);
                case EventMsg.ExecApprovalRequest _, EventMsg.ApplyPatchApprovalRequest _,
                        EventMsg.SessionConfigured _, EventMsg.TaskStarted _, EventMsg.AgentMessageDelta _,
                        EventMsg.AgentMessage _, EventMsg.UserMessage _, EventMsg.AgentReasoningDelta _,
                        EventMsg.AgentReasoning _, EventMsg.AgentReasoningRawContentDelta _, EventMsg.TokenCount _,
                        EventMsg.ExecCommandBegin _, EventMsg.ExecCommandOutputDelta _, EventMsg.ExecCommandEnd _,
                        EventMsg.PatchApplyBegin _, EventMsg.PatchApplyEnd _, EventMsg.TurnDiff _,
                        EventMsg.PlanUpdate _, EventMsg.WebSearchEnd _, EventMsg.McpToolCallBegin _,
                        EventMsg.McpToolCallEnd _, EventMsg.McpListToolsResponse _, EventMsg.CollabToolCall _,
                        EventMsg.ConversationHistoryResponse _, EventMsg.GetHistoryEntryResponse _,
                        EventMsg.ToolCallEnd _, EventMsg.BackgroundEvent _, EventMsg.StreamError _,
                        EventMsg.Warning _, EventMsg.RolledBack _, EventMsg.UndoCompleted _, EventMsg.RewindPreview _,
                        EventMsg.HookStarted _, EventMsg.HookCompleted _,
                        EventMsg.Unknown _ -> { }
            }
        }
    }

    /** A client that went away does not stop the turn: the events are still recorded in the rollout. */
    private void forward(String threadId, Event event) {
        try {
            client.sendEvent(threadId, event);
        } catch (RuntimeException e) {
            log.debug("mcp-server: cannot send an event of conversation " + threadId + " to the client: " + e);
        }
    }

    /** A form of one of the conversation's own MCP servers is not passed on to this server's client: declined. */
    private void decline(LiveConversation conversation, EventMsg.ElicitationRequest form) {
        log.warn("mcp-server: the MCP server \"" + form.serverName() + "\" asked for input (\"" + form.message()
                + "\"); the Moka MCP server does not pass a server's form on, so it declined");
        conversation.session().submit(new Op.ResolveElicitation(form.serverName(), form.id(),
                ElicitationAction.DECLINE, null));
    }

    /** Puts the request {@code shown} to the client and passes its answer back to the session. */
    private void answer(LiveConversation conversation, EventMsg shown) {
        ApprovalRequest request = ApprovalRequest.of(shown).orElseThrow();
        conversation.session().submit(request.answer(ask(ApprovalQuestions.of(conversation.id(), request))));
    }

    /** The client's answer; a client that fails to answer (an error, no answer in time) denies. */
    private Decision ask(McpSchema.ElicitRequest question) {
        try {
            return ApprovalQuestions.decision(client.elicit(question));
        } catch (RuntimeException e) {
            log.warn("mcp-server: the client did not answer an approval request, so it is denied: " + e);
            return Decision.DENY;
        }
    }
}
