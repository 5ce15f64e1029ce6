package dev.moka.core.policy;

import java.time.Duration;

/**
 * One run of a command under the confinement the {@link Orchestrator} chose, as the tool reports it back:
 * {@code value} is the tool's own result, {@code text} what the model would read of it.
 */
public sealed interface Attempt<R> {
    R value();

    String text();

    /** The command exited: the orchestrator judges whether the sandbox stopped it. */
    record Exited<R>(R value, String text, Exit exit) implements Attempt<R> {}

    /** The command is still running (an interactive session): nothing to judge yet, and no end to show. */
    record Running<R>(R value, String text) implements Attempt<R> {}

    /** The command never started (its shell is missing): its end is shown, but the sandbox is not to blame. */
    record Unstarted<R>(R value, String text, Exit exit) implements Attempt<R> {}

    /** How a command ended, as its end event shows it. */
    record Exit(String stdout, String stderr, String aggregated, int exitCode, Duration duration) {}
}
