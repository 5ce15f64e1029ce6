package dev.moka.core.client;

import dev.moka.protocol.ResponseItem;
import java.util.List;
import java.util.function.Consumer;

/** One streaming model call: a prompt in, events out, the completed response returned. */
public interface ModelClient extends AutoCloseable {
    /**
     * Streams one response, retrying as the provider allows. Only a stream that reached its terminal
     * event is returned, so nothing the caller does with the output can happen twice.
     */
    CompletedResponse stream(Prompt prompt, Consumer<ResponseEvent> events) throws ModelClientException;

    /**
     * Compacts the prompt's input on the server ({@code POST /responses/compact}): the items that replace the
     * history. Clients of providers without that endpoint refuse, and the session compacts locally instead.
     */
    default List<ResponseItem> compact(Prompt prompt) throws ModelClientException {
        throw new ModelClientException(ModelClientException.Kind.BAD_REQUEST,
                "this model provider cannot compact on the server; set remote_compaction = false for it");
    }

    @Override
    void close();
}
