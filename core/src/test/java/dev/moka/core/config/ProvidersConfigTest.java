package dev.moka.core.config;

import static org.assertj.core.api.Assertions.assertThat;

import dev.moka.core.config.provider.KeyHeader;
import dev.moka.core.config.provider.ModelProviderInfo;
import dev.moka.core.config.provider.WireApi;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ProvidersConfigTest extends ConfigFixture {
    @Test
    void builtInOpenAiProvider() throws Exception {
        ModelProviderInfo openai = t.load().provider();

        assertThat(openai.id()).isEqualTo("openai");
        assertThat(openai.name()).isEqualTo("OpenAI");
        assertThat(openai.baseUrl()).isEqualTo("https://api.openai.com/v1");
        assertThat(openai.envKey()).isEqualTo("OPENAI_API_KEY");
        assertThat(openai.wireApi()).isEqualTo(WireApi.RESPONSES);
        assertThat(openai.requestMaxRetries()).isEqualTo(ModelProviderInfo.DEFAULT_REQUEST_MAX_RETRIES);
        assertThat(openai.streamMaxRetries()).isEqualTo(ModelProviderInfo.DEFAULT_STREAM_MAX_RETRIES);
        assertThat(openai.streamIdleTimeoutMs()).isEqualTo(ModelProviderInfo.DEFAULT_STREAM_IDLE_TIMEOUT_MS);
        assertThat(openai.apiKey(Map.of("OPENAI_API_KEY", " sk-test "))).isEqualTo("sk-test");
    }

    @Test
    void openAiBaseUrlComesFromEnvironment() throws Exception {
        Config config = t.load(ConfigOverrides.NONE, Map.of("OPENAI_BASE_URL", "http://127.0.0.1:9999/v1"));

        assertThat(config.provider().baseUrl()).isEqualTo("http://127.0.0.1:9999/v1");
    }

    @Test
    void blankOpenAiBaseUrlIsIgnored() throws Exception {
        Config config = t.load(ConfigOverrides.NONE, Map.of("OPENAI_BASE_URL", "  "));

        assertThat(config.provider().baseUrl()).isEqualTo("https://api.openai.com/v1");
    }

    @Test
    void builtInOssProvider() throws Exception {
        ModelProviderInfo oss = t.load(TestHome.flags("gpt-oss:20b", null, "oss")).provider();

        assertThat(oss.name()).isEqualTo("Open Source");
        assertThat(oss.baseUrl()).isEqualTo("http://localhost:11434/v1");
        assertThat(oss.envKey()).isNull();
        assertThat(oss.apiKey(Map.of("OPENAI_API_KEY", "sk"))).isNull();
        assertThat(oss.wireApi()).isEqualTo(WireApi.RESPONSES);
    }

    @Test
    void userTableOverridesOnlyTheFieldsItSets() throws Exception {
        t.write("""
                [model_providers.openai]
                base_url = "https://proxy.example.com/v1"
                request_max_retries = 9
                query_params = { "api-version" = "2025-01-01" }
                """);

        ModelProviderInfo openai = t.load(ConfigOverrides.NONE, Map.of("OPENAI_BASE_URL", "http://ignored/v1"))
                .provider();

        assertThat(openai.baseUrl()).isEqualTo("https://proxy.example.com/v1");
        assertThat(openai.requestMaxRetries()).isEqualTo(9);
        assertThat(openai.queryParams()).containsExactlyEntriesOf(Map.of("api-version", "2025-01-01"));
        assertThat(openai.name()).isEqualTo("OpenAI");
        assertThat(openai.envKey()).isEqualTo("OPENAI_API_KEY");
        assertThat(openai.streamMaxRetries()).isEqualTo(ModelProviderInfo.DEFAULT_STREAM_MAX_RETRIES);
    }

    @Test
    void customProviderWithEveryField() throws Exception {
        t.write("""
                model_provider = "azure"
                model = "gpt-4.1"

                [model_providers.azure]
                name = "Azure"
                base_url = "https://acme.openai.azure.com/openai"
                env_key = "AZURE_OPENAI_API_KEY"
                wire_api = "chat"
                query_params = { api-version = "2025-04-01-preview" }
                http_headers = { "X-Team" = "moka" }
                env_http_headers = { "X-Org" = "ACME_ORG" }
                request_max_retries = 2
                stream_max_retries = 0
                stream_idle_timeout_ms = 60000
                """);

        ModelProviderInfo azure = t.load().provider();

        assertThat(azure).isEqualTo(new ModelProviderInfo("azure", "Azure", "https://acme.openai.azure.com/openai",
                "AZURE_OPENAI_API_KEY", WireApi.CHAT, Map.of("api-version", "2025-04-01-preview"),
                Map.of("X-Team", "moka"), Map.of("X-Org", "ACME_ORG"), 2, 0, 60_000,
                "copy KEY 1 from Keys and Endpoint of your Azure OpenAI resource", null, null, KeyHeader.API_KEY));
    }

    @Test
    void customProviderNameDefaultsToItsId() throws Exception {
        t.write("""
                model_provider = "vllm"
                [model_providers.vllm]
                base_url = "http://localhost:8000/v1"
                """);

        ModelProviderInfo provider = t.load().provider();

        assertThat(provider.name()).isEqualTo("vllm");
        assertThat(provider.envKey()).isNull();
        assertThat(provider.wireApi()).isEqualTo(WireApi.RESPONSES);
    }

    @Test
    void retriesAboveOneHundredAreClamped() throws Exception {
        t.write("""
                [model_providers.openai]
                request_max_retries = 1000
                stream_max_retries = 99999999999
                """);

        ModelProviderInfo openai = t.load().provider();

        assertThat(openai.requestMaxRetries()).isEqualTo(100);
        assertThat(openai.streamMaxRetries()).isEqualTo(100);
    }

    @Test
    void cliOverrideSetsAProviderField() throws Exception {
        ModelProviderInfo openai = t.load("model_providers.openai.request_max_retries=3").provider();

        assertThat(openai.requestMaxRetries()).isEqualTo(3);
    }

    @Test
    void providerFlagWinsOverFileAndProfile() throws Exception {
        t.write("""
                model_provider = "openai"
                profile = "p"
                [profiles.p]
                model_provider = "openai"
                """);

        assertThat(t.load(TestHome.flags(null, null, "oss")).provider().id()).isEqualTo("oss");
    }
}
