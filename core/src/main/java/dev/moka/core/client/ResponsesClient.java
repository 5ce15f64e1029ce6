package dev.moka.core.client;

import dev.moka.core.net.Backoff;
import dev.moka.core.auth.ProviderKey;
import dev.moka.core.client.ModelClientException.Kind;
import dev.moka.core.config.provider.ModelProviderInfo;
import dev.moka.protocol.Json;
import dev.moka.protocol.ResponseItem;
import dev.moka.protocol.ResponseItemCodec;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import java.util.function.Supplier;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;

/**
 * The model client for providers that speak the OpenAI Responses API: one {@code POST /responses} streamed
 * as SSE, with HTTP failures and broken streams retried within the provider's caps.
 */
public final class ResponsesClient implements ModelClient {
    private final ModelProviderInfo provider;
    private final String conversationId;
    private final RetryingPost post;
    private final RequestBodyEncoder encoder = new RequestBodyEncoder();

    /** A client whose key comes from {@code key}, the session's one source of it. */
    public ResponsesClient(ModelProviderInfo provider, Map<String, String> env, ProviderKey key,
            String conversationId, ClientIdentity identity, Supplier<HttpClient> http, Backoff backoff) {
        this.provider = provider;
        this.conversationId = conversationId;
        this.post = new RetryingPost(provider, env, key, conversationId, identity, http, backoff);
    }

    /** A client whose key comes from the configuration or the environment only (no auth.json). */
    public ResponsesClient(ModelProviderInfo provider, Map<String, String> env, String conversationId,
            ClientIdentity identity, Supplier<HttpClient> http, Backoff backoff) {
        this(provider, env, ProviderKey.fromEnvironment(provider, env), conversationId, identity, http, backoff);
    }

    @Override
    public CompletedResponse stream(Prompt prompt, Consumer<ResponseEvent> events) throws ModelClientException {
        byte[] body = encoder.encode(ResponsesRequest.bodyWithoutItems(prompt, conversationId), prompt.input());
        return post.stream(ResponsesRequest.uri(provider), body, () -> new ResponseStreamDecoder(events), events);
    }

    /**
     * {@code POST /responses/compact}: the server summarises the input into items (one of them a
     * {@code compaction} item) that replace the history. Unreachable servers, 429 and 5xx are retried.
     */
    @Override
    public List<ResponseItem> compact(Prompt prompt) throws ModelClientException {
        byte[] body = Json.write(ResponsesRequest.compactBody(prompt, conversationId))
                .getBytes(StandardCharsets.UTF_8);
        return post.fetch(ResponsesRequest.compactUri(provider), body, ResponsesClient::compactedItems);
    }

    private static List<ResponseItem> compactedItems(URI uri, HttpResponse<InputStream> response)
            throws ModelClientException {
        try (InputStream in = response.body()) {
            JsonNode output = Json.parse(new String(in.readAllBytes(), StandardCharsets.UTF_8)).get("output");
            if (output == null || !output.isArray()) {
                throw new ModelClientException(Kind.RESPONSE_FAILED, "the compaction answer from " + uri
                        + " holds no \"output\" list of items");
            }
            List<ResponseItem> items = new ArrayList<>();
            output.forEach(item -> items.add(ResponseItemCodec.fromJson(item)));
            return List.copyOf(items);
        } catch (IOException | JacksonException e) {
            throw new ModelClientException(Kind.RESPONSE_FAILED, "cannot read the compaction answer from " + uri
                    + ": " + e.getMessage(), e);
        }
    }

    /** Holds nothing open: the HTTP client is borrowed from the conversations that own it, and they close it. */
    @Override
    public void close() {
    }
}
