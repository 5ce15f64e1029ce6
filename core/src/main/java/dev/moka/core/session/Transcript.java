package dev.moka.core.session;

import dev.moka.core.tools.PastCall;
import dev.moka.core.tools.code.CodeMode;
import dev.moka.core.tools.execsession.ExecCommandTool;
import dev.moka.core.tools.patch.ApplyPatchTool;
import dev.moka.core.tools.patch.PatchInterceptingShell;
import dev.moka.core.tools.plan.UpdatePlanTool;
import dev.moka.core.tools.shell.ShellTool;
import dev.moka.protocol.EventMsg;
import dev.moka.protocol.ResponseItem;
import dev.moka.protocol.ResponseItemCodec;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import tools.jackson.databind.JsonNode;

/**
 * A conversation's history (a {@code conversation_history} event) told as it happened, for a face that reopens
 * it: the person's prompts, the answers, and the calls the live session showed as they ran (its commands,
 * patches, plans and MCP calls). A direct call is read back from its items; what a code-mode script called is
 * not in the history, so those calls, and which server an MCP call went to, are read from their recorded events
 * (see {@link CallEvents}) and told where the call item that made them is.
 */
public final class Transcript {
    private Transcript() {}

    /** One thing that happened, in the order of the history. */
    public sealed interface Entry permits Prompt, Answer, Call {}

    /** What the person sent. */
    public record Prompt(String text) implements Entry {}

    /** An answer of the model, Markdown. */
    public record Answer(String markdown) implements Entry {}

    /** A tool call, with what its output says of how it went. */
    public record Call(PastCall call) implements Entry {}

    /** The entries of a history and its calls' events, as {@code conversation_history} gives them, oldest first. */
    public static List<Entry> of(List<JsonNode> entries, List<EventMsg> callEvents) {
        Map<String, List<PastCall>> byEvents = CallEvents.told(callEvents);
        List<ResponseItem> items = entries.stream().map(ResponseItemCodec::fromJson).toList();
        Map<String, String> outputs = new HashMap<>();
        for (ResponseItem item : items) {
            switch (item) {
                case ResponseItem.FunctionCallOutput o -> outputs.put(o.callId(), o.output());
                case ResponseItem.CustomToolCallOutput o -> outputs.put(o.callId(), o.output());
                case ResponseItem.Message _, ResponseItem.Reasoning _, ResponseItem.FunctionCall _,
                        ResponseItem.CustomToolCall _, ResponseItem.WebSearchCall _, ResponseItem.Compaction _,
                        ResponseItem.Unknown _ -> { }
            }
        }
        List<Entry> told = new ArrayList<>();
        for (ResponseItem item : items) {
            switch (item) {
                case ResponseItem.Message m -> said(m).ifPresent(told::add);
                case ResponseItem.FunctionCall c -> call(c.callId(), c.name(), c.namespace(), c.arguments(), false,
                        outputs.get(c.callId()), byEvents).forEach(call -> told.add(new Call(call)));
                case ResponseItem.CustomToolCall c -> call(c.callId(), c.name(), c.namespace(), c.input(), true,
                        outputs.get(c.callId()), byEvents).forEach(call -> told.add(new Call(call)));
                case ResponseItem.Reasoning _, ResponseItem.FunctionCallOutput _, ResponseItem.CustomToolCallOutput _,
                        ResponseItem.WebSearchCall _, ResponseItem.Compaction _, ResponseItem.Unknown _ -> { }
            }
        }
        return told;
    }

    /**
     * A prompt, an answer, or a person's {@code !command}. The context Moka gives the model as user messages
     * (environment, instructions, what changed) is wrapped in tags, which a prompt is not.
     */
    private static Optional<Entry> said(ResponseItem.Message message) {
        String text = message.text().strip();
        if (text.isEmpty()) {
            return Optional.empty();
        }
        return switch (message.role()) {
            case USER -> text.startsWith("<") ? UserShellCommand.past(text).map(Call::new)
                    : Optional.of(new Prompt(text));
            case ASSISTANT -> Optional.of(new Answer(text));
            case DEVELOPER, SYSTEM -> Optional.empty();
        };
    }

    /**
     * What the live session showed of a call: a script's calls, as their events tell them (the script as one
     * piece when none was recorded, rather than nothing); a direct call as its tool reads it back; else what its
     * events tell (an MCP call: a namespaced call is an MCP server's tool, whatever its name).
     */
    private static List<PastCall> call(String callId, String name, String namespace, String input, boolean custom,
            String output, Map<String, List<PastCall>> byEvents) {
        if (CodeMode.runsScript(name, namespace)) {
            return byEvents.getOrDefault(callId, List.of(CodeMode.past(input, output)));
        }
        return (namespace == null ? direct(name, input, custom, output) : Optional.<PastCall>empty())
                .map(List::of).orElseGet(() -> byEvents.getOrDefault(callId, List.of()));
    }

    /** A direct call the live session showed as a cell; each tool reads its own call back. */
    private static Optional<PastCall> direct(String name, String input, boolean custom, String output) {
        return switch (name) {
            case ShellTool.NAME -> patchOr(input, output, ShellTool.past(input, output));
            case ExecCommandTool.NAME -> patchOr(input, output, ExecCommandTool.past(input, output));
            case ApplyPatchTool.NAME -> Optional.of(ApplyPatchTool.past(custom ? ApplyPatchTool.Form.FREEFORM
                    : ApplyPatchTool.Form.FUNCTION, input, output));
            case UpdatePlanTool.NAME -> UpdatePlanTool.past(input).map(PastCall.class::cast);
            default -> Optional.empty();
        };
    }

    /** A shell call that carried a patch went to the patch engine (see {@link PatchInterceptingShell}). */
    private static Optional<PastCall> patchOr(String input, String output, Optional<? extends PastCall> command) {
        return PatchInterceptingShell.interceptedPatch(input)
                .<PastCall>map(patch -> ApplyPatchTool.pastPatch(patch, output))
                .or(() -> command.map(PastCall.class::cast));
    }
}
