package dev.moka.core.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.moka.core.config.provider.AuthCommand;
import dev.moka.core.config.provider.KeyHeader;
import dev.moka.core.config.provider.ModelProviderInfo;
import dev.moka.core.config.provider.WireApi;
import dev.moka.core.config.toml.ConfigException;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The providers Moka knows without config, {@code --oss} and {@code --local-provider}, and the auth keys. */
class BuiltInProvidersTest extends ConfigFixture {
    private static ConfigOverrides oss(String localProvider, String model) {
        return new ConfigOverrides(model, null, localProvider, null, null, null, List.of(), true);
    }

    @Test
    void ollamaAndLmStudioAreLocalChatProvidersWithoutAKey() throws Exception {
        ModelProviderInfo ollama = t.load(TestHome.flags(null, null, "ollama")).provider();
        ModelProviderInfo lmstudio = t.load(TestHome.flags(null, null, "lmstudio")).provider();

        assertThat(ollama.baseUrl()).isEqualTo("http://localhost:11434/v1");
        assertThat(lmstudio.baseUrl()).isEqualTo("http://localhost:1234/v1");
        assertThat(List.of(ollama, lmstudio)).allSatisfy(p -> {
            assertThat(p.wireApi()).isEqualTo(WireApi.CHAT);
            assertThat(p.envKey()).isNull();
            assertThat(p.needsKey()).isFalse();
            assertThat(p.isLocal()).isTrue();
        });
        assertThat(ollama.name()).isEqualTo("Ollama");
        assertThat(lmstudio.name()).isEqualTo("LM Studio");
    }

    @Test
    void ossKeepsTodaysResponsesEndpointAtOllamasAddress() throws Exception {
        ModelProviderInfo oss = t.load(TestHome.flags(null, null, "oss")).provider();

        assertThat(oss.baseUrl()).isEqualTo("http://localhost:11434/v1");
        assertThat(oss.wireApi()).isEqualTo(WireApi.RESPONSES);
    }

    @Test
    void ossFlagPicksOllamaAndGptOss20b() throws Exception {
        t.write("model = \"gpt-6.1-sol\"\n");

        Config config = t.load(oss(null, null));

        assertThat(config.provider().id()).isEqualTo("ollama");
        assertThat(config.model()).isEqualTo("gpt-oss:20b");
        assertThat(config.modelInfo().known()).isTrue();
    }

    @Test
    void ossFlagFollowsTheOssProviderKey() throws Exception {
        t.write("oss_provider = \"lmstudio\"\n");

        Config config = t.load(oss(null, null));

        assertThat(config.provider().id()).isEqualTo("lmstudio");
        assertThat(config.model()).isEqualTo("openai/gpt-oss-20b");
    }

    @Test
    void localProviderFlagWinsOverOssProviderAndModelFlagWinsOverTheLocalDefault() throws Exception {
        t.write("oss_provider = \"lmstudio\"\n");

        Config config = t.load(oss("ollama", "qwen3-coder:30b"));

        assertThat(config.provider().id()).isEqualTo("ollama");
        assertThat(config.model()).isEqualTo("qwen3-coder:30b");
    }

    @Test
    void anUnknownOssProviderNamesTheKey() throws Exception {
        t.write("oss_provider = \"llamafile\"\n");

        assertThatThrownBy(() -> t.load(oss(null, null))).isInstanceOf(ConfigException.class)
                .hasMessageStartingWith(t.configFile() + ":1: oss_provider: unknown provider \"llamafile\"");
    }

    @Test
    void azureNeedsTheResourcesBaseUrlAndSaysHowToSetIt() throws Exception {
        assertThatThrownBy(() -> t.load(TestHome.flags(null, null, "azure"))).hasMessage(
                "command line: model_provider: model provider \"azure\" has no base_url; add base_url ="
                        + " \"https://YOUR-RESOURCE.openai.azure.com/openai\" to [model_providers.azure]");
    }

    @Test
    void azureSendsItsKeyInTheApiKeyHeaderWithADefaultApiVersion() throws Exception {
        t.write("""
                model_provider = "azure"
                [model_providers.azure]
                base_url = "https://acme.openai.azure.com/openai"
                """);

        ModelProviderInfo azure = t.load().provider();

        assertThat(azure.queryParams()).containsExactlyEntriesOf(Map.of("api-version", "2025-04-01-preview"));
        assertThat(azure.envKey()).isEqualTo("AZURE_OPENAI_API_KEY");
        assertThat(azure.keyHeader()).isEqualTo(KeyHeader.API_KEY);
        assertThat(azure.wireApi()).isEqualTo(WireApi.RESPONSES);
    }

    @Test
    void azuresV1ApiGetsNoDatedApiVersionUnlessThePersonSetsOne() throws Exception {
        t.write("""
                model_provider = "azure"
                [model_providers.azure]
                base_url = "https://acme.openai.azure.com/openai/v1"
                """);
        assertThat(t.load().provider().queryParams()).isEmpty();

        t.write("""
                model_provider = "azure"
                [model_providers.azure]
                base_url = "https://acme.openai.azure.com/openai/v1/"
                query_params = { api-version = "preview" }
                """);
        assertThat(t.load().provider().queryParams()).containsExactlyEntriesOf(Map.of("api-version", "preview"));
    }

    @Test
    void everyProviderIsListedBuiltInsFirst() throws Exception {
        t.write("""
                [model_providers.deepseek]
                base_url = "https://api.deepseek.com"
                env_key = "DEEPSEEK_API_KEY"
                """);

        assertThat(t.load().providers().keySet())
                .containsExactly("openai", "azure", "ollama", "lmstudio", "oss", "deepseek");
    }

    @Test
    void authTableReadsCodexKeysWithDefaults() throws Exception {
        t.write("""
                model_provider = "corp"
                [model_providers.corp]
                base_url = "https://gateway.example.com/v1"
                env_key_instructions = "ask the platform team"
                experimental_bearer_token = " tok-in-config "
                [model_providers.corp.auth]
                command = "print-token"
                args = ["--audience", "moka"]
                """);

        ModelProviderInfo corp = t.load().provider();

        assertThat(corp.auth().argv()).containsExactly("print-token", "--audience", "moka");
        assertThat(corp.auth().timeout()).isEqualTo(Duration.ofSeconds(5));
        assertThat(corp.auth().refreshInterval()).isEqualTo(Duration.ofMinutes(5));
        assertThat(corp.bearerToken()).isEqualTo("tok-in-config");
        assertThat(corp.envKeyInstructions()).isEqualTo("ask the platform team");
        assertThat(corp.needsKey()).isTrue();
    }

    @Test
    void authCommandMayBeAnArrayAndZeroRefreshMeansUntilA401() throws Exception {
        t.write("""
                model_provider = "corp"
                [model_providers.corp]
                base_url = "https://gateway.example.com/v1"
                auth = { command = ["gcloud", "auth"], args = ["print-access-token"], timeout_ms = 750, refresh_interval_ms = 0 }
                """);

        AuthCommand auth = t.load().provider().auth();

        assertThat(auth.argv()).containsExactly("gcloud", "auth", "print-access-token");
        assertThat(auth.timeout()).isEqualTo(Duration.ofMillis(750));
        assertThat(auth.refreshInterval()).isZero();
    }

    @Test
    void authTableMistakesNameTheKey() throws Exception {
        t.write("""
                [model_providers.corp]
                base_url = "https://gateway.example.com/v1"
                [model_providers.corp.auth]
                args = ["x"]
                """);
        assertThatThrownBy(t::load).hasMessage(t.configFile() + ":3: model_providers.corp.auth: has no command; set"
                + " command = \"program\" (and args = [...]) whose output is the token");

        t.write("""
                [model_providers.corp]
                base_url = "https://gateway.example.com/v1"
                auth = { command = "x", timeout_ms = 0 }
                """);
        assertThatThrownBy(t::load).hasMessageContaining("model_providers.corp.auth.timeout_ms: must be greater than 0");
    }

    @Test
    void unknownKeysInTheAuthTableAreWarnedAbout() throws Exception {
        t.write("""
                [model_providers.corp]
                base_url = "https://gateway.example.com/v1"
                [model_providers.corp.auth]
                command = "x"
                refresh_every = 5
                """);

        assertThat(t.load().warnings()).anySatisfy(w -> assertThat(w)
                .contains("unknown key \"model_providers.corp.auth.refresh_every\""));
    }
}
