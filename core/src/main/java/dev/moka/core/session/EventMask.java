package dev.moka.core.session;

import dev.moka.core.log.SecretRedactor;
import dev.moka.protocol.EventMsg;
import dev.moka.protocol.Json;
import dev.moka.protocol.ParsedCommand;
import dev.moka.protocol.PlanItem;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;
import tools.jackson.databind.node.StringNode;

/**
 * One whole event with every secret in its text masked: what a command printed, what the model said, what a
 * patch or an MCP call carried. Ids, paths of the session and numbers are left as they are. Deltas are masked
 * here piece by piece; {@link ShownEvents} keeps a secret cut between two of them whole.
 */
final class EventMask {
    private final SecretRedactor secrets;

    EventMask(SecretRedactor secrets) {
        this.secrets = secrets;
    }

    EventMsg apply(EventMsg event) {
        return switch (event) {
            case EventMsg.SessionConfigured s -> s;
            case EventMsg.TaskStarted s -> s;
            case EventMsg.TaskComplete c -> new EventMsg.TaskComplete(text(c.lastAgentMessage()));
            case EventMsg.AgentMessageDelta d -> new EventMsg.AgentMessageDelta(text(d.delta()));
            case EventMsg.AgentMessage m -> new EventMsg.AgentMessage(text(m.message()));
            case EventMsg.UserMessage u -> new EventMsg.UserMessage(text(u.message()), u.images());
            case EventMsg.AgentReasoningDelta d -> new EventMsg.AgentReasoningDelta(text(d.delta()));
            case EventMsg.AgentReasoning r -> new EventMsg.AgentReasoning(text(r.text()));
            case EventMsg.AgentReasoningRawContentDelta d ->
                    new EventMsg.AgentReasoningRawContentDelta(text(d.delta()));
            case EventMsg.TokenCount t -> t;
            case EventMsg.ExecCommandBegin b -> new EventMsg.ExecCommandBegin(b.callId(), texts(b.command()), b.cwd(),
                    b.parsedCmd() == null ? null : b.parsedCmd().stream().map(this::parsed).toList());
            case EventMsg.ExecCommandOutputDelta d ->
                    new EventMsg.ExecCommandOutputDelta(d.callId(), d.stream(), text(d.chunk()));
            case EventMsg.ExecCommandEnd e -> new EventMsg.ExecCommandEnd(e.callId(), text(e.stdout()),
                    text(e.stderr()), text(e.aggregatedOutput()), e.exitCode(), e.durationMs(),
                    text(e.formattedOutput()));
            case EventMsg.ExecApprovalRequest r -> new EventMsg.ExecApprovalRequest(r.callId(), texts(r.command()),
                    r.cwd(), text(r.reason()), texts(r.proposedPrefix()));
            case EventMsg.ApplyPatchApprovalRequest r -> new EventMsg.ApplyPatchApprovalRequest(r.callId(),
                    changes(r.changes()), text(r.reason()), r.grantRoot());
            case EventMsg.ElicitationRequest r -> new EventMsg.ElicitationRequest(r.serverName(), r.id(),
                    text(r.message()), r.requestedSchema());
            case EventMsg.PatchApplyBegin p -> new EventMsg.PatchApplyBegin(p.callId(), p.autoApproved(),
                    changes(p.changes()));
            case EventMsg.PatchApplyEnd p -> new EventMsg.PatchApplyEnd(p.callId(), text(p.stdout()),
                    text(p.stderr()), p.success());
            case EventMsg.TurnDiff d -> new EventMsg.TurnDiff(text(d.unifiedDiff()));
            case EventMsg.PlanUpdate p -> new EventMsg.PlanUpdate(text(p.explanation()), p.plan() == null ? null
                    : p.plan().stream().map(item -> new PlanItem(text(item.step()), item.status())).toList());
            case EventMsg.WebSearchEnd w -> new EventMsg.WebSearchEnd(w.callId(), text(w.query()));
            case EventMsg.McpToolCallBegin m -> new EventMsg.McpToolCallBegin(m.callId(), m.server(), m.tool(),
                    json(m.arguments()));
            case EventMsg.McpToolCallEnd m -> new EventMsg.McpToolCallEnd(m.callId(), m.server(), m.tool(),
                    m.durationMs(), json(m.result()));
            case EventMsg.McpListToolsResponse r -> r;
            case EventMsg.CollabToolCall c -> new EventMsg.CollabToolCall(c.callId(), c.tool(), c.senderThreadId(),
                    c.receiverThreadIds(), c.prompt() == null ? null : text(c.prompt()), json(c.agentsStates()),
                    c.success());
            case EventMsg.ConversationHistoryResponse h -> new EventMsg.ConversationHistoryResponse(
                    h.conversationId(), h.entries().stream().map(this::json).toList(),
                    h.events().stream().map(this::apply).toList());
            case EventMsg.GetHistoryEntryResponse r -> new EventMsg.GetHistoryEntryResponse(r.offset(), r.logId(),
                    json(r.entry()));
            case EventMsg.ToolCallEnd t -> new EventMsg.ToolCallEnd(t.callId(), t.tool(), t.success(),
                    text(t.brief()), t.durationMs());
            case EventMsg.BackgroundEvent b -> new EventMsg.BackgroundEvent(text(b.message()));
            case EventMsg.StreamError s -> new EventMsg.StreamError(text(s.message()));
            case EventMsg.Warning w -> new EventMsg.Warning(text(w.message()));
            case EventMsg.Error e -> new EventMsg.Error(text(e.message()));
            case EventMsg.TurnAborted a -> new EventMsg.TurnAborted(text(a.reason()));
            case EventMsg.ShutdownComplete s -> s;
            case EventMsg.RolledBack r -> r;
            case EventMsg.UndoCompleted u -> new EventMsg.UndoCompleted(u.success(), text(u.message()));
            case EventMsg.HookStarted h -> new EventMsg.HookStarted(h.runId(), h.event(), text(h.command()),
                    text(h.statusMessage()));
            case EventMsg.HookCompleted h -> new EventMsg.HookCompleted(h.runId(), h.event(), text(h.command()),
                    h.status(), text(h.message()), h.durationMs());
            case EventMsg.RewindPreview p -> p;
            case EventMsg.Unknown u -> new EventMsg.Unknown((ObjectNode) json(u.raw()));
        };
    }

    String text(String text) {
        return secrets.redact(text);
    }

    private List<String> texts(List<String> texts) {
        return texts == null ? null : texts.stream().map(this::text).toList();
    }

    private ParsedCommand parsed(ParsedCommand command) {
        return switch (command) {
            case ParsedCommand.Read r -> new ParsedCommand.Read(text(r.cmd()), text(r.name()));
            case ParsedCommand.ListFiles l -> new ParsedCommand.ListFiles(text(l.cmd()), text(l.path()));
            case ParsedCommand.Search s -> new ParsedCommand.Search(text(s.cmd()), text(s.query()), text(s.path()));
            case ParsedCommand.Format f -> new ParsedCommand.Format(text(f.cmd()), f.tool(), text(f.targets()));
            case ParsedCommand.Test t -> new ParsedCommand.Test(text(t.cmd()));
            case ParsedCommand.Lint l -> new ParsedCommand.Lint(text(l.cmd()), l.tool(), text(l.targets()));
            case ParsedCommand.Noop n -> new ParsedCommand.Noop(text(n.cmd()));
            case ParsedCommand.Unknown u -> new ParsedCommand.Unknown(text(u.cmd()));
        };
    }

    /** A patch's changes keyed by path: the contents masked (the paths are the face's to show and match). */
    private Map<String, JsonNode> changes(Map<String, JsonNode> changes) {
        if (changes == null) {
            return null;
        }
        Map<String, JsonNode> out = new LinkedHashMap<>();
        changes.forEach((path, change) -> out.put(path, json(change)));
        return out;
    }

    /** A copy of {@code node} whose strings are masked; names of fields are kept. */
    private JsonNode json(JsonNode node) {
        return switch (node) {
            case null -> null;
            case StringNode s -> StringNode.valueOf(text(s.asString()));
            case ObjectNode o -> {
                ObjectNode copy = Json.object();
                o.properties().forEach(field -> copy.set(field.getKey(), json(field.getValue())));
                yield copy;
            }
            case ArrayNode a -> {
                ArrayNode copy = Json.array();
                a.forEach(element -> copy.add(json(element)));
                yield copy;
            }
            default -> node;
        };
    }
}
