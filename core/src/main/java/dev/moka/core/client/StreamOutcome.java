package dev.moka.core.client;

/** How one attempt's event stream ended. */
sealed interface StreamOutcome {
    /** {@code response.completed}. */
    record Completed(CompletedResponse response) implements StreamOutcome {}

    /** {@code response.failed} or an {@code error} event; code and message may be null. */
    record Failed(String code, String message) implements StreamOutcome {}

    /** {@code response.incomplete}. */
    record Incomplete(String reason) implements StreamOutcome {}

    /** The stream itself failed (cut off, malformed, idle too long); worth retrying as a whole. */
    record Broken(String reason, Throwable cause) implements StreamOutcome {}
}
