package dev.moka.core.session;

import dev.moka.protocol.EventMsg;
import java.util.Optional;

/**
 * The answer the model has streamed since its last finished message. Deltas are not recorded (the finished
 * message is), so when a turn is interrupted mid-answer this is what the person saw and the rollout would
 * otherwise lose; it is recorded as the answer of that turn, for the screen of a resumed session only (events
 * never go to the model).
 */
final class PartialAnswer {
    private final StringBuilder text = new StringBuilder();

    /** Follows one event on its way to the faces. */
    synchronized void see(EventMsg event) {
        if (event instanceof EventMsg.AgentMessageDelta delta) {
            text.append(delta.delta());
        } else if (event instanceof EventMsg.AgentMessage || event instanceof EventMsg.TaskStarted
                || event instanceof EventMsg.TaskComplete) {
            text.setLength(0);
        }
    }

    /** What was streamed and not finished, once; empty when nothing was. */
    synchronized Optional<String> take() {
        String partial = text.toString();
        text.setLength(0);
        return partial.isBlank() ? Optional.empty() : Optional.of(partial);
    }
}
