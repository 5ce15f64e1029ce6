package dev.moka.core.session;

import dev.moka.protocol.InputItem;
import dev.moka.protocol.ResponseItem;
import java.nio.file.Path;
import java.util.List;

/**
 * Work a {@link Session} runs one at a time, each on a thread of its own, in the context it was submitted with, so
 * an interrupt stops exactly the task that runs and nothing queued behind it.
 */
sealed interface SessionTask {
    String submissionId();

    /** A turn on the person's input, or ({@code agentMessage} not null) on another agent's message. */
    record Turn(String submissionId, List<InputItem> items, TurnContext context,
            ResponseItem.AgentMessage agentMessage) implements SessionTask {
        Turn(String submissionId, List<InputItem> items, TurnContext context) {
            this(submissionId, items, context, null);
        }
    }

    record Compact(String submissionId, TurnContext context) implements SessionTask {}

    record History(String submissionId, TurnContext context) implements SessionTask {}

    record Shell(String submissionId, String command, TurnContext context) implements SessionTask {}

    record Rollback(String submissionId, int turns) implements SessionTask {}

    record Undo(String submissionId) implements SessionTask {}

    /** SessionStart's hooks, before anything else the session does; {@code source} is startup or resume. */
    record SessionStart(String submissionId, String source, TurnContext context) implements SessionTask {}

    record PreviewRewind(String submissionId, int turns, Path cwd) implements SessionTask {}

    record Rewind(String submissionId, int turns, boolean overwriteChangedSince, Path cwd)
            implements SessionTask {}

    record RedoRewind(String submissionId, Path cwd) implements SessionTask {}
}
