package dev.moka.core.client;

import dev.moka.core.config.ModelProviderInfo;
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

    public ChatCompletionsClient(ModelProviderInfo provider, Map<String, String> env, String conversationId,
            ClientIdentity identity, Supplier<HttpClient> http, Backoff backoff) {
        this.provider = provider;
        this.post = new RetryingPost(provider, env, conversationId, identity, http, backoff);
    }

    @Override
    public CompletedResponse stream(Prompt prompt, Consumer<ResponseEvent> events) throws ModelClientException {
        Map<String, String> headers = post.headers();
        byte[] body = Json.write(ChatRequest.body(prompt)).getBytes(StandardCharsets.UTF_8);
        Set<String> freeform = ChatTools.freeformNames(prompt.tools());
        return post.stream(ChatRequest.uri(provider), headers, body, () -> new ChatStreamDecoder(freeform, events),
                events);
    }

    @Override
    public void close() {
        post.close();
    }
}
