package dev.moka.core.session;

/**
 * Which conversation a face opens: a new one, a new one that leaves no record, the latest one (of its directory,
 * if any), one by id, or a new copy of a recorded one.
 */
public sealed interface ResumeTarget {
    record Fresh() implements ResumeTarget {}

    /** A new conversation with no rollout ({@code --ephemeral}): it cannot be resumed or forked later. */
    record Unrecorded() implements ResumeTarget {}

    /**
     * A new conversation that starts with a copy of {@code source}'s history ({@link Latest} or {@link ById}),
     * under its own id and rollout, which names where it came from; the source is left as it was.
     */
    record Fork(ResumeTarget source) implements ResumeTarget {
        public Fork {
            if (!(source instanceof Latest || source instanceof ById)) {
                throw new IllegalArgumentException("a fork starts from a recorded session, not " + source);
            }
        }
    }

    record Latest() implements ResumeTarget {}

    /** {@code id} may be a unique prefix of the conversation id. */
    record ById(String id) implements ResumeTarget {}
}
