package dev.moka.core.config;

import static org.assertj.core.api.Assertions.assertThat;

import dev.moka.core.config.provider.KeyHeader;
import dev.moka.core.config.provider.ModelProviderInfo;
import dev.moka.core.config.provider.WireApi;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The provider examples of README.md, read from the README itself (each ```toml block after an
 * {@code <!-- example: NAME -->} line), so the documented text is exactly what is loaded here.
 */
class ProviderExamplesTest {
    private static final Pattern EXAMPLE = Pattern.compile("<!-- example: ([a-z-]+) -->\\n```toml\\n(.*?)```",
            Pattern.DOTALL);
    private static Map<String, String> examples;

    @TempDir
    Path dir;

    TestHome t;

    @BeforeAll
    static void readReadme() throws IOException {
        // Surefire runs in the module's directory; the README is at the repository's root.
        Matcher matcher = EXAMPLE.matcher(Files.readString(Path.of("..", "README.md")));
        examples = new LinkedHashMap<>();
        while (matcher.find()) {
            examples.put(matcher.group(1), matcher.group(2));
        }
    }

    @BeforeEach
    void setUp() throws IOException {
        t = TestHome.in(dir);
    }

    private Config load(String name) throws Exception {
        assertThat(examples).containsKey(name);
        Config config = t.write(examples.get(name)).load();
        // Models outside the bundled catalog get one warning; a key Moka does not know would get another.
        assertThat(config.warnings()).as(name + " warnings").noneMatch(w -> w.contains("unknown key"));
        return config;
    }

    @Test
    void theReadmeHoldsEveryExample() {
        assertThat(examples).containsOnlyKeys("openrouter", "deepseek", "moonshot", "azure", "azure-entra", "local");
    }

    @Test
    void openRouter() throws Exception {
        ModelProviderInfo p = load("openrouter").provider();

        assertThat(p.id()).isEqualTo("openrouter");
        assertThat(p.baseUrl()).isEqualTo("https://openrouter.ai/api/v1");
        assertThat(p.wireApi()).isEqualTo(WireApi.CHAT);
        assertThat(p.envKey()).isEqualTo("OPENROUTER_API_KEY");
        assertThat(p.envKeyInstructions()).isEqualTo("create a key at https://openrouter.ai/settings/keys");
        assertThat(p.httpHeaders()).containsExactlyEntriesOf(Map.of("X-Title", "Moka"));
        assertThat(p.keyHeader()).isEqualTo(KeyHeader.AUTHORIZATION);
        assertThat(load("openrouter").modelInfo().known()).isTrue();
    }

    @Test
    void deepSeek() throws Exception {
        ModelProviderInfo p = load("deepseek").provider();

        assertThat(p.baseUrl()).isEqualTo("https://api.deepseek.com");
        assertThat(p.wireApi()).isEqualTo(WireApi.CHAT);
        assertThat(p.envKey()).isEqualTo("DEEPSEEK_API_KEY");
        assertThat(p.httpHeaders()).isEmpty();
        assertThat(p.queryParams()).isEmpty();
    }

    @Test
    void moonshot() throws Exception {
        Config config = load("moonshot");
        ModelProviderInfo p = config.provider();

        assertThat(p.name()).isEqualTo("Moonshot AI");
        assertThat(p.baseUrl()).isEqualTo("https://api.moonshot.ai/v1");
        assertThat(p.wireApi()).isEqualTo(WireApi.CHAT);
        assertThat(p.envKey()).isEqualTo("MOONSHOT_API_KEY");
        assertThat(p.httpHeaders()).isEmpty();
        assertThat(config.model()).isEqualTo("kimi-k2.6");
    }

    @Test
    void azureWithItsKeyInTheApiKeyHeader() throws Exception {
        ModelProviderInfo p = load("azure").provider();

        assertThat(p.baseUrl()).isEqualTo("https://YOUR-RESOURCE.openai.azure.com/openai");
        assertThat(p.wireApi()).isEqualTo(WireApi.RESPONSES);
        assertThat(p.envKey()).isEqualTo("AZURE_OPENAI_API_KEY");
        assertThat(p.keyHeader()).isEqualTo(KeyHeader.API_KEY);
        assertThat(p.queryParams()).containsExactlyEntriesOf(Map.of("api-version", "2025-04-01-preview"));
    }

    @Test
    void azureV1WithAnEntraIdTokenFromTheAzureCli() throws Exception {
        ModelProviderInfo p = load("azure-entra").provider();

        assertThat(p.baseUrl()).isEqualTo("https://YOUR-RESOURCE.openai.azure.com/openai/v1");
        assertThat(p.queryParams()).isEmpty();
        assertThat(p.auth().argv()).containsExactly("az", "account", "get-access-token", "--resource",
                "https://cognitiveservices.azure.com", "--query", "accessToken", "-o", "tsv");
        assertThat(p.auth().timeout()).isEqualTo(Duration.ofSeconds(10));
        assertThat(p.auth().refreshInterval()).isEqualTo(Duration.ofMinutes(30));
    }

    @Test
    void localProvidersForOss() throws Exception {
        t.write(examples.get("local"));
        Config config = t.load(new ConfigOverrides(null, null, null, null, null, null, List.of(), true));
        ModelProviderInfo ollama = config.providers().get("ollama");

        assertThat(config.warnings()).isEmpty();
        assertThat(config.model()).isEqualTo("openai/gpt-oss-20b");
        assertThat(config.provider().id()).isEqualTo("lmstudio");
        assertThat(config.provider().baseUrl()).isEqualTo("http://localhost:1234/v1");
        assertThat(ollama.baseUrl()).isEqualTo("http://gpu-box.lan:11434/v1");
        assertThat(ollama.wireApi()).isEqualTo(WireApi.CHAT);
        assertThat(ollama.isLocal()).isFalse();
    }
}
