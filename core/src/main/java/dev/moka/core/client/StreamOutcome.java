package dev.moka.core.client;

/** How one attempt's event stream ended. */
sealed interface StreamOutcome {
    /** The answer reached its end, whole or cut short by the server ({@link CompletedResponse#cutOff()}). */
    record Completed(CompletedResponse response) implements StreamOutcome {}

    /** The server reported a failure; code and message may be null. */
    record Failed(String code, String message) implements StreamOutcome {}

    /** The stream itself failed (cut off, malformed, idle too long); worth retrying as a whole. */
    record Broken(String reason, Throwable cause) implements StreamOutcome {}
}
