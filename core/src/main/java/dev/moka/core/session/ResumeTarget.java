package dev.moka.core.session;

/** Which conversation a face opens: a new one, the latest one (of its directory, if any), or one by id. */
public sealed interface ResumeTarget {
    record Fresh() implements ResumeTarget {}

    record Latest() implements ResumeTarget {}

    /** {@code id} may be a unique prefix of the conversation id. */
    record ById(String id) implements ResumeTarget {}
}
