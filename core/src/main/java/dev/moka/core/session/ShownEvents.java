package dev.moka.core.session;

import dev.moka.core.log.MaskedStream;
import dev.moka.core.log.SecretRedactor;
import dev.moka.protocol.EventMsg;
import dev.moka.protocol.ExecOutputStream;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import java.util.function.Function;

/**
 * The events as every face shows them (the exec printers, the terminal UI, the MCP server): with the secrets a
 * command printed or the model repeated masked. Only what leaves for a face is masked; the history the model is
 * sent is not, so what the model reads is what the command printed. Deltas pass through a {@link MaskedStream}
 * per stream, which may hold a piece back until the next one shows whether it ends a secret: the model's text
 * streams end at the first event that is not one of their own deltas (what they held goes out before it), a
 * command's output streams at its end event, and a {@code StreamError} withdraws what the model streams held,
 * as the client starts that response again.
 */
final class ShownEvents {
    private record ExecStream(String callId, ExecOutputStream stream) {}

    private final EventMask mask;
    private final SecretRedactor secrets;
    private final MaskedStream answer;
    private final MaskedStream reasoning;
    private final MaskedStream rawReasoning;
    private final Map<ExecStream, MaskedStream> commands = new LinkedHashMap<>();

    ShownEvents(SecretRedactor secrets) {
        this.secrets = secrets;
        this.mask = new EventMask(secrets);
        this.answer = new MaskedStream(secrets);
        this.reasoning = new MaskedStream(secrets);
        this.rawReasoning = new MaskedStream(secrets);
    }

    /**
     * Hands {@code out} what a face sees of {@code event}: nothing yet, the event masked, or text held from
     * earlier deltas first. Synchronized, so that events passed from several threads keep one order.
     */
    synchronized void pass(EventMsg event, Consumer<EventMsg> out) {
        switch (event) {
            case EventMsg.AgentMessageDelta d -> {
                endModelStreamsBut(answer, out);
                piece(answer.add(d.delta()), EventMsg.AgentMessageDelta::new, out);
            }
            case EventMsg.AgentReasoningDelta d -> {
                endModelStreamsBut(reasoning, out);
                piece(reasoning.add(d.delta()), EventMsg.AgentReasoningDelta::new, out);
            }
            case EventMsg.AgentReasoningRawContentDelta d -> {
                endModelStreamsBut(rawReasoning, out);
                piece(rawReasoning.add(d.delta()), EventMsg.AgentReasoningRawContentDelta::new, out);
            }
            case EventMsg.ExecCommandOutputDelta d -> {
                MaskedStream stream = commands.computeIfAbsent(new ExecStream(d.callId(), d.stream()),
                        k -> new MaskedStream(secrets));
                piece(stream.add(d.chunk()), chunk -> new EventMsg.ExecCommandOutputDelta(d.callId(), d.stream(),
                        chunk), out);
            }
            case EventMsg.StreamError s -> {
                answer.discard();
                reasoning.discard();
                rawReasoning.discard();
                out.accept(mask.apply(s));
            }
            case EventMsg.ExecCommandEnd e -> {
                endModelStreams(out);
                endCommandStreams(e.callId(), out);
                out.accept(mask.apply(e));
            }
            case EventMsg.TaskComplete _, EventMsg.TurnAborted _, EventMsg.Error _ -> {
                endModelStreams(out);
                endCommandStreams(null, out);
                out.accept(mask.apply(event));
            }
            case EventMsg.SessionConfigured _, EventMsg.TaskStarted _, EventMsg.AgentMessage _,
                    EventMsg.UserMessage _, EventMsg.AgentReasoning _, EventMsg.TokenCount _,
                    EventMsg.ExecCommandBegin _, EventMsg.ExecApprovalRequest _, EventMsg.ApplyPatchApprovalRequest _,
                    EventMsg.ElicitationRequest _, EventMsg.PatchApplyBegin _, EventMsg.PatchApplyEnd _,
                    EventMsg.TurnDiff _, EventMsg.PlanUpdate _,
                    EventMsg.WebSearchEnd _, EventMsg.McpToolCallBegin _, EventMsg.McpToolCallEnd _,
                    EventMsg.McpListToolsResponse _, EventMsg.CollabToolCall _, EventMsg.ConversationHistoryResponse _,
                    EventMsg.GetHistoryEntryResponse _, EventMsg.ToolCallEnd _, EventMsg.BackgroundEvent _,
                    EventMsg.Warning _, EventMsg.ShutdownComplete _, EventMsg.RolledBack _, EventMsg.UndoCompleted _,
                    EventMsg.HookStarted _, EventMsg.HookCompleted _, EventMsg.RewindPreview _,
                    EventMsg.Unknown _ -> {
                endModelStreams(out);
                out.accept(mask.apply(event));
            }
        }
    }

    private void endModelStreams(Consumer<EventMsg> out) {
        endModelStreamsBut(null, out);
    }

    /** Ends the model's streams but {@code going}: a delta of one shows that the others have ended. */
    private void endModelStreamsBut(MaskedStream going, Consumer<EventMsg> out) {
        if (going != answer) {
            piece(answer.finish(), EventMsg.AgentMessageDelta::new, out);
        }
        if (going != reasoning) {
            piece(reasoning.finish(), EventMsg.AgentReasoningDelta::new, out);
        }
        if (going != rawReasoning) {
            piece(rawReasoning.finish(), EventMsg.AgentReasoningRawContentDelta::new, out);
        }
    }

    /** The streams of command {@code callId} end with it; all of them (null) when the turn ends. */
    private void endCommandStreams(String callId, Consumer<EventMsg> out) {
        List<ExecStream> ended = new ArrayList<>();
        commands.forEach((key, stream) -> {
            if (callId == null || key.callId().equals(callId)) {
                ended.add(key);
                piece(stream.finish(), chunk -> new EventMsg.ExecCommandOutputDelta(key.callId(), key.stream(),
                        chunk), out);
            }
        });
        ended.forEach(commands::remove);
    }

    private static void piece(String text, Function<String, EventMsg> event,
            Consumer<EventMsg> out) {
        if (!text.isEmpty()) {
            out.accept(event.apply(text));
        }
    }
}
