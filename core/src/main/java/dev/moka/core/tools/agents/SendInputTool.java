package dev.moka.core.tools.agents;

import dev.moka.core.tools.ToolCall;
import dev.moka.core.tools.ToolContext;
import dev.moka.core.tools.ToolResult;
import dev.moka.core.tools.TypedTool;
import dev.moka.protocol.Json;
import java.util.List;
import tools.jackson.databind.node.ObjectNode;

/** {@code send_input}: gives a child more to do, queued after its work or, with interrupt, at once. */
final class SendInputTool implements TypedTool<SendInputTool.Params> {
    private final Subagents agents;

    record Params(Boolean interrupt, List<AgentItem> items, String message, String target) {}

    SendInputTool(Subagents agents) {
        this.agents = agents;
    }

    @Override
    public String name() {
        return "send_input";
    }

    @Override
    public String description() {
        return "Sends a child agent another message. It is handled after what the child is doing now, or at once"
                + " with interrupt=true. Prefer this to a new child when the task builds on what that child already"
                + " knows.";
    }

    @Override
    public Class<Params> parametersType() {
        return Params.class;
    }

    @Override
    public ObjectNode parametersSchema() {
        ObjectNode schema = AgentSchemas.object();
        AgentSchemas.property(schema, "interrupt", "boolean",
                "True stops what the child is doing and gives it this message now; otherwise it waits its turn.");
        AgentSchemas.items(schema);
        AgentSchemas.property(schema, "message", "string", "The message, in plain text (or use items).");
        AgentSchemas.property(schema, "target", "string", "The child's id, as spawn_agent returned it.");
        return AgentSchemas.done(schema, List.of("target"));
    }

    @Override
    public ToolResult call(Params params, ToolCall call, ToolContext context) {
        String text = AgentSchemas.text(params.message(), params.items());
        if (text.isBlank()) {
            return ToolResult.failure("send_input needs a message (or items).", "no message");
        }
        try {
            String submission = agents.send(params.target(), new AgentInput.Text(text),
                    Boolean.TRUE.equals(params.interrupt()));
            CollabEvents.tell(context, call, agents, List.of(params.target()), text, true);
            return ToolResult.ok(Json.object().put("submission_id", submission).toString(), "", "sent");
        } catch (Subagents.AgentException e) {
            return ToolResult.failure(e.getMessage(), "not sent");
        }
    }
}
