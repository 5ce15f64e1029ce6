package dev.moka.core.session;

import java.nio.file.Path;

/**
 * How much of a conversation its rollout holds, which decides whether resuming it gives back what happened:
 * a front end offers {@code resume} only for a {@link Complete} one.
 */
public sealed interface Recording {
    /** Every line so far is in {@code file}. */
    record Complete(Path file) implements Recording {}

    /** Some lines could not be written (a full disk); a resume from {@code file} would miss them. */
    record Partial(Path file) implements Recording {}

    /** No rollout file could be created; the conversation is only in memory. */
    record Unrecorded() implements Recording {}
}
