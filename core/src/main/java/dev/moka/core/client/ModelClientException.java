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
        /** The server reported a failure inside its answer ({@code response.failed}, an error chunk). */
        RESPONSE_FAILED,
        /** Any other 4xx: the request itself is wrong. */
        BAD_REQUEST,
        /** The thread was interrupted. */
        INTERRUPTED
    }

    private final Kind kind;
    private final String requestId;

    public ModelClientException(Kind kind, String message) {
        this(kind, message, null, null);
    }

    public ModelClientException(Kind kind, String message, Throwable cause) {
        this(kind, message, cause, null);
    }

    private ModelClientException(Kind kind, String message, Throwable cause, String requestId) {
        super(message, cause);
        this.kind = kind;
        this.requestId = requestId;
    }

    /** The ids of the last request sent (ours and the server's), for the log; null when none was sent. */
    public String requestId() {
        return requestId;
    }

    /** This failure, naming the request it came from unless it already names one. */
    public ModelClientException withRequestId(String id) {
        return requestId != null || id == null ? this : new ModelClientException(kind, getMessage(), getCause(), id);
    }

    /** This failure with its message passed through {@code redactor} (a server may echo the key it was sent). */
    public ModelClientException redacted(dev.moka.core.log.SecretRedactor redactor) {
        String message = redactor.redact(getMessage());
        return message.equals(getMessage()) ? this : new ModelClientException(kind, message, getCause(), requestId);
    }

    public Kind kind() {
        return kind;
    }
}
