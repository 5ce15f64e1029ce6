package dev.moka.core.tools.agents;

import dev.moka.core.tools.ToolCall;
import dev.moka.core.tools.ToolContext;
import dev.moka.protocol.EventMsg;
import dev.moka.protocol.Json;
import java.util.List;
import tools.jackson.databind.node.ObjectNode;

/** Tells the faces what a subagent tool's call did: which children it concerned and where they are now. */
final class CollabEvents {
    private CollabEvents() {}

    static void tell(ToolContext context, ToolCall call, Subagents agents, List<String> children, String prompt,
            boolean success) {
        ObjectNode states = Json.object();
        children.forEach(id -> states.set(id, agents.status(id).shown()));
        context.emit(new EventMsg.CollabToolCall(call.callId(), call.name(), agents.self(), children, prompt, states,
                success));
    }
}
