package dev.moka.core.tools.agents;

import dev.moka.core.tools.ToolCall;
import dev.moka.core.tools.ToolContext;
import dev.moka.core.tools.ToolResult;
import dev.moka.core.tools.TypedTool;
import dev.moka.protocol.Json;
import java.util.List;
import tools.jackson.databind.node.ObjectNode;

/** {@code spawn_agent}: starts a child agent on a task of its own and returns its id at once. */
final class SpawnAgentTool implements TypedTool<SpawnAgentTool.Params> {
    static final String NAME = "spawn_agent";
    private final Subagents agents;
    private final List<String> models;

    record Params(Boolean forkContext, List<AgentItem> items, String message, String model, String reasoningEffort,
            String agentType) {}

    /** {@code models} are the slugs a child may be given, for the description. */
    SpawnAgentTool(Subagents agents, List<String> models) {
        this.agents = agents;
        this.models = List.copyOf(models);
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public String description() {
        String overrides = models.isEmpty() ? "" : "Models a child may be given instead of yours (leave `model` out"
                + " unless the person asks for one): " + String.join(", ", models) + ".\n";
        return overrides + """
                Starts a child agent: a separate conversation, with your tools, sandbox and approval policy, that \
                works on the task you give it while you go on. Returns its id and a nickname; the child's final \
                answer comes back through wait_agent, and a notification arrives when it finishes.
                Only delegate when the person (or AGENTS.md) asks for sub-agents, delegation or parallel work; a \
                request for thoroughness alone is not such a request.
                Give each child a concrete, self-contained task that does not block your own next step, with a \
                write scope of its own when it edits files, and ask it to list the files it changed. Do the \
                critical-path work yourself, do not repeat what a child is doing, and wait only when you need the \
                result now.""";
    }

    @Override
    public Class<Params> parametersType() {
        return Params.class;
    }

    @Override
    public ObjectNode parametersSchema() {
        ObjectNode schema = AgentSchemas.object();
        List<String> roles = agents.roles();
        if (!roles.isEmpty()) {
            AgentSchemas.property(schema, "agent_type", "string", "The role to give the child: "
                    + String.join(", ", roles) + ". Leave it out for the default role.");
        }
        AgentSchemas.property(schema, "fork_context", "boolean",
                "True starts the child with a copy of this conversation; false or left out, with the task only.");
        AgentSchemas.items(schema);
        AgentSchemas.property(schema, "message", "string", "The task, in plain text (or use items).");
        AgentSchemas.property(schema, "model", "string", "Another model for the child; leave it out to use yours.");
        AgentSchemas.property(schema, "reasoning_effort", "string",
                "Another reasoning effort for the child; leave it out to use yours.");
        return AgentSchemas.done(schema, List.of());
    }

    @Override
    public ToolResult call(Params params, ToolCall call, ToolContext context) throws InterruptedException {
        String task = AgentSchemas.text(params.message(), params.items());
        if (task.isBlank()) {
            return ToolResult.failure("spawn_agent needs a task: give message (or items).", "no task");
        }
        try {
            Subagents.Spawned spawned = agents.spawn(new Subagents.SpawnRequest(new AgentInput.Text(task), null,
                    params.model(), params.reasoningEffort(), params.agentType(),
                    Boolean.TRUE.equals(params.forkContext()), context.hooks()));
            CollabEvents.tell(context, call, agents, List.of(spawned.id()), task, true);
            return ToolResult.ok(Json.object().put("agent_id", spawned.id()).put("nickname", spawned.nickname())
                    .toString(), "", "spawned " + spawned.nickname());
        } catch (Subagents.AgentException e) {
            return ToolResult.failure(e.getMessage(), "spawn refused");
        }
    }
}
