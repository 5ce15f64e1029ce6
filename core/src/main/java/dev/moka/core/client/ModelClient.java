package dev.moka.core.client;

import java.util.function.Consumer;

/** One streaming model call: a prompt in, events out, the completed response returned. */
public interface ModelClient extends AutoCloseable {
    /**
     * Streams one response, retrying as the provider allows. Only a stream that reached its terminal
     * event is returned, so nothing the caller does with the output can happen twice.
     */
    CompletedResponse stream(Prompt prompt, Consumer<ResponseEvent> events) throws ModelClientException;

    @Override
    void close();
}
