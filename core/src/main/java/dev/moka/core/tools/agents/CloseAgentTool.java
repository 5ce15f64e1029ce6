package dev.moka.core.tools.agents;

import dev.moka.core.tools.ToolCall;
import dev.moka.core.tools.ToolContext;
import dev.moka.core.tools.ToolResult;
import dev.moka.core.tools.TypedTool;
import dev.moka.protocol.Json;
import java.util.List;
import tools.jackson.databind.node.ObjectNode;

/** {@code close_agent}: ends a child and its own children, and says where it was. */
final class CloseAgentTool implements TypedTool<CloseAgentTool.Params> {
    private final Subagents agents;

    record Params(String target) {}

    CloseAgentTool(Subagents agents) {
        this.agents = agents;
    }

    @Override
    public String name() {
        return "close_agent";
    }

    @Override
    public String description() {
        return "Closes a child agent (and any children it started) and returns its status before closing. A"
                + " finished child stays open, and counts toward the limit of children, until it is closed.";
    }

    @Override
    public Class<Params> parametersType() {
        return Params.class;
    }

    @Override
    public ObjectNode parametersSchema() {
        ObjectNode schema = AgentSchemas.object();
        AgentSchemas.property(schema, "target", "string", "The child's id, as spawn_agent returned it.");
        return AgentSchemas.done(schema, List.of("target"));
    }

    @Override
    public ToolResult call(Params params, ToolCall call, ToolContext context) {
        try {
            AgentStatus before = agents.close(params.target());
            CollabEvents.tell(context, call, agents, List.of(params.target()), null, true);
            ObjectNode out = Json.object();
            out.set("previous_status", before.toJson());
            return ToolResult.ok(out.toString(), "", "closed");
        } catch (Subagents.AgentException e) {
            return ToolResult.failure(e.getMessage(), "not closed");
        }
    }
}
