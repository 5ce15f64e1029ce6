package dev.moka.core.tools.agents;

import dev.moka.core.tools.ToolCall;
import dev.moka.core.tools.ToolContext;
import dev.moka.core.tools.ToolResult;
import dev.moka.core.tools.TypedTool;
import dev.moka.protocol.Json;
import java.util.List;
import tools.jackson.databind.node.ObjectNode;

/**
 * A subagent tool that does one thing to one child and answers with a status: {@code close_agent} and
 * {@code resume_agent} of the first set, {@code interrupt_agent} of the second.
 */
final class OneAgentTool implements TypedTool<OneAgentTool.Params> {
    /** What the tool does to the child; the status it answers with. */
    @FunctionalInterface
    interface Action {
        AgentStatus on(String agent) throws Subagents.AgentException;
    }

    /** The child, under the one of these two names the tool's schema declares. */
    record Params(String target, String id) {}

    private final Subagents agents;
    private final String name;
    private final String description;
    private final String property;
    private final String propertyDescription;
    private final String answerKey;
    private final String done;
    private final Action action;

    /**
     * @param property  the argument naming the child ({@code target} or {@code id})
     * @param answerKey the key of the status in the answer
     * @param done      the brief a person sees, e.g. "closed"
     */
    OneAgentTool(Subagents agents, String name, String description, String property, String propertyDescription,
            String answerKey, String done, Action action) {
        this.agents = agents;
        this.name = name;
        this.description = description;
        this.property = property;
        this.propertyDescription = propertyDescription;
        this.answerKey = answerKey;
        this.done = done;
        this.action = action;
    }

    static OneAgentTool close(Subagents agents) {
        return new OneAgentTool(agents, "close_agent", "Closes a child agent (and any children it started) and"
                + " returns its status before closing. A finished child stays open, and counts toward the limit of"
                + " children, until it is closed.", "target", "The child's id, as spawn_agent returned it.",
                "previous_status", "closed", agents::close);
    }

    static OneAgentTool resume(Subagents agents) {
        return new OneAgentTool(agents, "resume_agent", "Opens a closed child agent again by its id, with its"
                + " conversation so far, so that send_input and wait_agent reach it.", "id",
                "The id of the child to open again.", "status", "resumed", agents::resume);
    }

    static OneAgentTool interrupt(Subagents agents) {
        return new OneAgentTool(agents, "interrupt_agent", "Stops a child agent's current turn, if any, and returns"
                + " its status before; the agent stays available for messages and follow-up tasks.", "target",
                "The agent's id or task name (/root/<task_name>), as spawn_agent returned it.", "previous_status",
                "interrupted", agents::interrupt);
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public String description() {
        return description;
    }

    @Override
    public Class<Params> parametersType() {
        return Params.class;
    }

    @Override
    public ObjectNode parametersSchema() {
        ObjectNode schema = AgentSchemas.object();
        AgentSchemas.property(schema, property, "string", propertyDescription);
        return AgentSchemas.done(schema, List.of(property));
    }

    @Override
    public ToolResult call(Params params, ToolCall call, ToolContext context) {
        String agent = property.equals("id") ? params.id() : params.target();
        try {
            ObjectNode out = Json.object();
            out.set(answerKey, action.on(agent).toJson());
            CollabEvents.tell(context, call, agents, List.of(agent), null, true);
            return ToolResult.ok(out.toString(), "", done);
        } catch (Subagents.AgentException e) {
            return ToolResult.failure(e.getMessage(), "not " + done);
        }
    }
}
