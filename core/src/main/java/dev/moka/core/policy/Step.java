package dev.moka.core.policy;

import java.util.Optional;

/**
 * Something that runs around every action, outside policy: where PreToolUse and PostToolUse hooks attach. A
 * step sees what is about to happen and how it ended; it neither runs the action nor decides the sandbox.
 */
public interface Step {
    /** Before safety and approval: empty lets the action go on, a text refuses it (the model reads the text). */
    Optional<String> before(Action action) throws InterruptedException;

    /** After the action ran or was refused. */
    void after(Action action, Outcome<?> outcome);
}
