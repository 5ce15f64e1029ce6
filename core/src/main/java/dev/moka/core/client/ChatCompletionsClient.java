package dev.moka.core.client;

import dev.moka.core.net.Backoff;
import dev.moka.core.auth.ProviderKey;
import dev.moka.core.config.provider.ModelProviderInfo;
import dev.moka.protocol.Json;
import java.net.http.HttpClient;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;
import java.util.function.Supplier;

/**
 * The model client for providers that speak Chat Completions ({@code wire_api = "chat"}: vLLM, llama.cpp,
 * LM Studio, Ollama, OpenRouter, DeepSeek, Moonshot...): one {@code POST /chat/completions} streamed as SSE,
 * retried as the Responses path is. It has no compact endpoint, so the session summarises locally.
 */
public final class ChatCompletionsClient implements ModelClient {
    private final ModelProviderInfo provider;
    private final RetryingPost post;

    /** A client whose key comes from {@code key}, the session's one source of it. */
    public ChatCompletionsClient(ModelProviderInfo provider, Map<String, String> env, ProviderKey key,
            String conversationId, ClientIdentity identity, Supplier<HttpClient> http, Backoff backoff) {
        this.provider = provider;
        this.post = new RetryingPost(provider, env, key, conversationId, identity, http, backoff);
    }

    /** A client whose key comes from the configuration or the environment only (no auth.json). */
    public ChatCompletionsClient(ModelProviderInfo provider, Map<String, String> env, String conversationId,
            ClientIdentity identity, Supplier<HttpClient> http, Backoff backoff) {
        this(provider, env, ProviderKey.fromEnvironment(provider, env), conversationId, identity, http, backoff);
    }

    @Override
    public CompletedResponse stream(Prompt prompt, Consumer<ResponseEvent> events) throws ModelClientException {
        byte[] body = Json.write(ChatRequest.body(prompt)).getBytes(StandardCharsets.UTF_8);
        Set<String> freeform = ChatTools.freeformNames(prompt.tools());
        return post.stream(ChatRequest.uri(provider), body, () -> new ChatStreamDecoder(freeform, events), events);
    }

    /** Holds nothing open: the HTTP client is borrowed from the conversations that own it, and they close it. */
    @Override
    public void close() {
    }
}
