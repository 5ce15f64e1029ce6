package dev.moka.core.tools.agents;

import dev.moka.protocol.ResponseItem;

/** What a child is given to work on: plain text (a user message), or a message from another agent of the team. */
public sealed interface AgentInput {
    record Text(String text) implements AgentInput {}

    record FromAgent(ResponseItem.AgentMessage message) implements AgentInput {}

    /** What a person may read of the task: its text; nothing for an agent's message, whose payload is sealed. */
    default String shown() {
        return switch (this) {
            case Text t -> t.text();
            case FromAgent _ -> "";
        };
    }
}
