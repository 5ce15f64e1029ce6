package dev.moka.core.client;

import dev.moka.core.net.HttpClients;
import dev.moka.core.net.Backoff;
import dev.moka.core.config.model.ModelCatalog;
import dev.moka.core.config.model.ModelInfo;
import dev.moka.core.config.provider.ModelProviderInfo;
import dev.moka.core.config.provider.WireApi;
import dev.moka.protocol.ReasoningEffort;
import dev.moka.protocol.ReasoningSummary;
import dev.moka.protocol.ResponseItem;
import java.time.Duration;
import java.util.List;
import java.util.Map;

/** Builders shared by the client tests: providers pointing at a mock server, models, prompts. */
final class ClientTestSupport {
    static final String CONVERSATION = "conv-1234";
    static final ClientIdentity IDENTITY = new ClientIdentity("moka_cli", "0.1.0");
    static final Backoff FAST = new Backoff(Duration.ofMillis(1), Duration.ofMillis(5));
    static final Map<String, String> ENV = Map.of("OPENAI_API_KEY", "sk-test-key");
    static final ModelInfo PLAIN_MODEL = ModelCatalog.bundled().lookup("gpt-4.1").withLimits(1_000_000, 32_768);
    static final ModelInfo REASONING_MODEL = ModelCatalog.bundled().lookup("gpt-5").withLimits(400_000, 128_000);

    private ClientTestSupport() {}

    static ModelProviderInfo provider(String url) {
        return provider(url, 3, 3, 5_000);
    }

    static ModelProviderInfo provider(String url, int requestRetries, int streamRetries, long idleMs) {
        return new ModelProviderInfo("openai", "OpenAI", url, "OPENAI_API_KEY", WireApi.RESPONSES, Map.of(),
                Map.of(), Map.of(), requestRetries, streamRetries, idleMs);
    }

    /** A provider that speaks Chat Completions, keyed by OPENAI_API_KEY. */
    static ModelProviderInfo chatProvider(String url, int requestRetries, int streamRetries, long idleMs) {
        return new ModelProviderInfo("local", "Local", url, "OPENAI_API_KEY", WireApi.CHAT, Map.of(), Map.of(),
                Map.of(), requestRetries, streamRetries, idleMs);
    }

    static ChatCompletionsClient chatClient(ModelProviderInfo provider, Map<String, String> env) {
        return new ChatCompletionsClient(provider, env, CONVERSATION, IDENTITY, HttpClients.startDefault(), FAST);
    }

    static ResponsesClient client(ModelProviderInfo provider, Map<String, String> env) {
        return new ResponsesClient(provider, env, CONVERSATION, IDENTITY, HttpClients.startDefault(), FAST);
    }

    static Prompt prompt(ModelInfo model) {
        return new Prompt(new ModelSettings(model, null, ReasoningSummary.AUTO, null), "Be brief.",
                List.of(ResponseItem.Message.user("hi")), List.of(), null);
    }
}
