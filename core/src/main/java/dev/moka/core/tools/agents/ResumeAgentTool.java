package dev.moka.core.tools.agents;

import dev.moka.core.tools.ToolCall;
import dev.moka.core.tools.ToolContext;
import dev.moka.core.tools.ToolResult;
import dev.moka.core.tools.TypedTool;
import dev.moka.protocol.Json;
import java.util.List;
import tools.jackson.databind.node.ObjectNode;

/** {@code resume_agent}: opens a closed child again, from its recording, to take more input. */
final class ResumeAgentTool implements TypedTool<ResumeAgentTool.Params> {
    private final Subagents agents;

    record Params(String id) {}

    ResumeAgentTool(Subagents agents) {
        this.agents = agents;
    }

    @Override
    public String name() {
        return "resume_agent";
    }

    @Override
    public String description() {
        return "Opens a closed child agent again by its id, with its conversation so far, so that send_input and"
                + " wait_agent reach it.";
    }

    @Override
    public Class<Params> parametersType() {
        return Params.class;
    }

    @Override
    public ObjectNode parametersSchema() {
        ObjectNode schema = AgentSchemas.object();
        AgentSchemas.property(schema, "id", "string", "The id of the child to open again.");
        return AgentSchemas.done(schema, List.of("id"));
    }

    @Override
    public ToolResult call(Params params, ToolCall call, ToolContext context) {
        try {
            ObjectNode out = Json.object();
            out.set("status", agents.resume(params.id()).toJson());
            CollabEvents.tell(context, call, agents, List.of(params.id()), null, true);
            return ToolResult.ok(out.toString(), "", "resumed");
        } catch (Subagents.AgentException e) {
            return ToolResult.failure(e.getMessage(), "not resumed");
        }
    }
}
