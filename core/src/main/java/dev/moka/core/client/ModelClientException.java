package dev.moka.core.client;

/** A model call that failed for good; {@link #kind()} tells the caller what to do about it. */
public final class ModelClientException extends Exception {
    private static final long serialVersionUID = 1L;

    /** Why the call failed. */
    public enum Kind {
        /** 401/403: the message says how to authenticate. */
        UNAUTHORIZED,
        /** The prompt does not fit the model's context window. */
        CONTEXT_LENGTH_EXCEEDED,
        /** 429, 5xx, dropped or stalled streams, retried until the caps ran out. */
        RETRIES_EXHAUSTED,
        /** {@code response.failed} or {@code response.incomplete}. */
        RESPONSE_FAILED,
        /** Any other 4xx: the request itself is wrong. */
        BAD_REQUEST,
        /** The thread was interrupted. */
        INTERRUPTED
    }

    private final Kind kind;

    public ModelClientException(Kind kind, String message) {
        super(message);
        this.kind = kind;
    }

    public ModelClientException(Kind kind, String message, Throwable cause) {
        super(message, cause);
        this.kind = kind;
    }

    public Kind kind() {
        return kind;
    }
}
