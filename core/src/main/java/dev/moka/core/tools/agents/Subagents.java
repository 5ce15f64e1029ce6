package dev.moka.core.tools.agents;

import java.time.Duration;
import java.util.List;
import java.util.Map;

/**
 * The child agents of one conversation, as its tools see them; the session layer opens and runs them. Every
 * mistake the model can make (an unknown id, too many children) is an {@link AgentException} it reads.
 */
public interface Subagents {
    /** A new child working on {@code message}; returns at once, while the child runs. */
    Spawned spawn(SpawnRequest request) throws AgentException;

    /** Gives a child more input; with {@code interrupt}, what it is doing now is stopped first. */
    String send(String target, String message, boolean interrupt) throws AgentException;

    /** Waits until one of {@code targets} is final or {@code timeout} passes; the final ones' statuses. */
    Map<String, AgentStatus> await(List<String> targets, Duration timeout) throws InterruptedException;

    /** Closes a child (and its children); its status before. */
    AgentStatus close(String target) throws AgentException;

    /** Opens a closed child again from its recording. */
    AgentStatus resume(String id) throws AgentException;

    /** The id of the conversation these are the children of. */
    String self();

    /** Where child {@code id} is now. */
    AgentStatus status(String id);

    /**
     * The children that reached a final status since the last call, each once, as the
     * {@code <subagent_notification>} texts the model is told after its calls' outputs.
     */
    List<String> takeNotifications();

    /** The roles a child can be spawned as, in the order the person wrote them. */
    List<String> roles();

    /** What {@code spawn_agent} asked for; null fields inherit the parent's. */
    record SpawnRequest(String message, String model, String effort, String role) {}

    /** The new child's id and the name people see. */
    record Spawned(String id, String nickname) {}

    /** A request the model can correct. */
    final class AgentException extends Exception {
        public AgentException(String message) {
            super(message);
        }
    }
}
