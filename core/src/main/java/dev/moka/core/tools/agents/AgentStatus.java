package dev.moka.core.tools.agents;

import dev.moka.protocol.Json;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;
import tools.jackson.databind.node.StringNode;

/** Where a child agent is, as the parent's tools report it (Codex's wire forms: a word, or a one-key object). */
public sealed interface AgentStatus {
    record PendingInit() implements AgentStatus {}

    record Running() implements AgentStatus {}

    /** Its turn ended; {@code message} is its last answer (null when it wrote none). */
    record Completed(String message) implements AgentStatus {}

    record Errored(String message) implements AgentStatus {}

    record Shutdown() implements AgentStatus {}

    record NotFound() implements AgentStatus {}

    /** Whether waiting for it is over: it finished, failed, was closed or never existed. */
    default boolean isFinal() {
        return switch (this) {
            case Completed _, Errored _, Shutdown _, NotFound _ -> true;
            case PendingInit _, Running _ -> false;
        };
    }

    /** The status as a collaboration item shows it: its name, and the child's message where it has one. */
    default ObjectNode shown() {
        var out = Json.object();
        return switch (this) {
            case PendingInit _ -> out.put("status", "pending_init").putNull("message");
            case Running _ -> out.put("status", "running").putNull("message");
            case Completed c -> out.put("status", "completed").put("message", c.message());
            case Errored e -> out.put("status", "errored").put("message", e.message());
            case Shutdown _ -> out.put("status", "shutdown").putNull("message");
            case NotFound _ -> out.put("status", "not_found").putNull("message");
        };
    }

    default JsonNode toJson() {
        return switch (this) {
            case PendingInit _ -> StringNode.valueOf("pending_init");
            case Running _ -> StringNode.valueOf("running");
            case Completed c -> Json.object().put("completed", c.message());
            case Errored e -> Json.object().put("errored", e.message());
            case Shutdown _ -> StringNode.valueOf("shutdown");
            case NotFound _ -> StringNode.valueOf("not_found");
        };
    }
}
