package dev.moka.core.tools.agents;

import dev.moka.core.hooks.TurnHooks;
import java.time.Duration;
import java.util.List;
import java.util.Map;

/**
 * The child agents of one conversation, as its tools see them; the session layer opens and runs them. Every
 * mistake the model can make (an unknown id, too many children) is an {@link AgentException} it reads.
 */
public interface Subagents {
    /** A new child working on {@code message}; returns once it started (and its start hooks ran), while it runs. */
    Spawned spawn(SpawnRequest request) throws AgentException, InterruptedException;

    /**
     * Gives a child more input; with {@code interrupt}, what it is doing now is stopped first. {@code target} is
     * its id or the name it was given.
     */
    String send(String target, AgentInput input, boolean interrupt) throws AgentException;

    /** Stops what a child is doing now; its status before. */
    AgentStatus interrupt(String target) throws AgentException;

    /** Every child, in the order they were started. */
    List<Listed> list();

    /** Waits until one of {@code targets} is final or {@code timeout} passes; the final ones' statuses. */
    Map<String, AgentStatus> await(List<String> targets, Duration timeout) throws InterruptedException;

    /** Closes a child (and its children); its status before. */
    AgentStatus close(String target) throws AgentException;

    /** Opens a closed child again from its recording. */
    AgentStatus resume(String id) throws AgentException;

    /** The id of the conversation these are the children of. */
    String self();

    /** That conversation's path in its team: {@code /root}, or {@code /root/<task>} for a child. */
    String path();

    /** Where child {@code id} is now. */
    AgentStatus status(String id);

    /** The children that reached a final status since the last call, each once, for the model to be told. */
    List<Listed> takeFinished();

    /** The roles a child can be spawned as, in the order the person wrote them. */
    List<String> roles();

    /**
     * What {@code spawn_agent} asked for: the first input, the name to give the child (null: Moka picks a
     * nickname), and what to change of the parent's (null fields inherit); with {@code fork} the child starts with
     * a copy of the parent's conversation so far; {@code hooks} are the parent turn's, told when the child starts
     * and stops.
     */
    record SpawnRequest(AgentInput input, String name, String model, String effort, String role, boolean fork,
            TurnHooks hooks) {}

    /** The new child's id and the name people see. */
    record Spawned(String id, String nickname) {}

    /** A child, by id and name, and where it is. */
    record Listed(String id, String name, AgentStatus status) {}

    /** A request the model can correct. */
    final class AgentException extends Exception {
        public AgentException(String message) {
            super(message);
        }
    }
}
