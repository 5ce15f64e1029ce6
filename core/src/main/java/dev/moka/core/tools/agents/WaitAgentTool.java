package dev.moka.core.tools.agents;

import dev.moka.core.tools.FollowUpSource;
import dev.moka.core.tools.ToolCall;
import dev.moka.core.tools.ToolContext;
import dev.moka.core.tools.ToolResult;
import dev.moka.core.tools.TypedTool;
import dev.moka.protocol.Json;
import dev.moka.protocol.ResponseItem;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import tools.jackson.databind.node.ObjectNode;

/** {@code wait_agent}: waits until one of the given children reaches a final status, or the timeout passes. */
final class WaitAgentTool implements TypedTool<WaitAgentTool.Params>, FollowUpSource {
    static final long DEFAULT_MS = 30_000;
    static final long MIN_MS = 10_000;
    static final long MAX_MS = 3_600_000;
    /** How {@code timeout_ms} is read, in the words both waits' schemas use. */
    static final String TIMEOUT_RULE = "How long to wait, in milliseconds: " + DEFAULT_MS + " when left out, at least "
            + MIN_MS + ", at most " + MAX_MS + ".";

    /** The wait a model's {@code timeout_ms} asks for, held within the bounds. */
    static Duration timeout(Long timeoutMs) {
        return Duration.ofMillis(timeoutMs == null ? DEFAULT_MS : Math.clamp(timeoutMs, MIN_MS, MAX_MS));
    }
    private final Subagents agents;

    record Params(List<String> targets, Long timeoutMs) {}

    WaitAgentTool(Subagents agents) {
        this.agents = agents;
    }

    /** Children that finished are told after the calls' outputs, whichever call ran (as Codex tells them). */
    @Override
    public List<ResponseItem> takeFollowUps() {
        return agents.takeFinished().stream().map(WaitAgentTool::notification).toList();
    }

    private static ResponseItem notification(Subagents.Listed finished) {
        ObjectNode body = Json.object().put("agent_path", finished.id());
        body.set("status", finished.status().toJson());
        return ResponseItem.Message.user("<subagent_notification>\n" + body + "\n</subagent_notification>");
    }

    @Override
    public String name() {
        return "wait_agent";
    }

    @Override
    public String description() {
        return "Waits until one of the given child agents finishes (or fails, or is closed) and returns the final"
                + " statuses, with each finished child's last message; an empty status means the time ran out. Wait"
                + " only when your next step needs the result; a notification arrives anyway when a child finishes.";
    }

    @Override
    public Class<Params> parametersType() {
        return Params.class;
    }

    @Override
    public ObjectNode parametersSchema() {
        ObjectNode schema = AgentSchemas.object();
        AgentSchemas.property(schema, "targets", "array", "The ids of the children to wait for; the first to"
                + " finish ends the wait.").putObject("items").put("type", "string");
        AgentSchemas.property(schema, "timeout_ms", "number", TIMEOUT_RULE + " Long waits beat polling.");
        return AgentSchemas.done(schema, List.of("targets"));
    }

    @Override
    public ToolResult call(Params params, ToolCall call, ToolContext context) throws InterruptedException {
        if (params.targets().isEmpty()) {
            return ToolResult.failure("wait_agent needs at least one target id.", "no target");
        }
        Map<String, AgentStatus> done = agents.await(params.targets(), timeout(params.timeoutMs()));
        CollabEvents.tell(context, call, agents, params.targets(), null, true);
        ObjectNode out = Json.object();
        ObjectNode status = out.putObject("status");
        done.forEach((id, state) -> status.set(id, state.toJson()));
        out.put("timed_out", done.isEmpty());
        return ToolResult.ok(out.toString(), "", done.isEmpty() ? "timed out" : done.size() + " finished");
    }
}
