package dev.moka.core.client;

/**
 * Turns the SSE messages of one attempt into {@link ResponseEvent}s and, at the end, a {@link StreamOutcome}.
 * Each wire API has its own; a new one is made for every attempt, so a retried stream starts from nothing.
 */
interface StreamDecoder {
    /** Handles one message; the outcome once the stream reached its end, null while it goes on. */
    StreamOutcome accept(SseParser.Message message);

    /** The outcome of a stream that closed after the messages accepted so far, without a terminal message. */
    StreamOutcome closed();
}
