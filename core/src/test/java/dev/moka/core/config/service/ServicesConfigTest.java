package dev.moka.core.config.service;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.moka.core.config.Config;
import dev.moka.core.config.ConfigLoader;
import dev.moka.core.config.ConfigOverrides;
import dev.moka.core.config.toml.ConfigException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ServicesConfigTest {
    @TempDir
    Path home;

    private Config load(String toml, Map<String, String> env) throws Exception {
        Files.writeString(home.resolve("config.toml"), toml);
        return ConfigLoader.load(home, List.of(), ConfigOverrides.NONE, env, home);
    }

    @Test
    void readsServicesExpandingEnvironmentReferences() throws Exception {
        Config config = load("""
                web_search = "cached"
                [services.moonshot_search]
                base_url = "https://search.example/api"
                api_key = "Key-${SEARCH_KEY}"
                oauth = "moonshot"
                timeout_seconds = 45
                max_retries = 1
                custom_headers = { X-Env = "prod" }
                [services.local_fetch]
                allow_private_addresses = true
                [oauth_providers.moonshot]
                client_id = "cli"
                device_authorization_endpoint = "https://auth.example/device"
                token_endpoint = "https://auth.example/token"
                """, Map.of("SEARCH_KEY", "abc"));

        ServiceEndpoint search = config.services().search().orElseThrow();
        assertThat(search.apiKey()).isEqualTo("Key-abc");
        assertThat(search.oauth()).isEqualTo("moonshot");
        assertThat(search.timeout()).isEqualTo(Duration.ofSeconds(45));
        assertThat(search.maxRetries()).isEqualTo(1);
        assertThat(search.customHeaders()).containsExactly(Map.entry("X-Env", "prod"));
        assertThat(search.toString()).doesNotContain("abc");
        assertThat(config.services().fetch()).isEmpty();
        assertThat(config.services().fetchAllowPrivate()).isTrue();
        assertThat(config.services().webSearch()).isEqualTo(WebSearchMode.CACHED);
        assertThat(config.services().oauthProviders().get("moonshot").tokenEndpoint())
                .isEqualTo("https://auth.example/token");
        assertThat(config.warnings()).isEmpty();
    }

    @Test
    void warnsAboutAnUnsetVariableAndUnknownKeys() throws Exception {
        Config config = load("""
                [services.moonshot_search]
                base_url = "https://search.example/api"
                api_key = "${NOT_SET_ANYWHERE}"
                colour = "red"
                """, Map.of());

        assertThat(config.services().search().orElseThrow().apiKey()).isNull();
        assertThat(config.warnings()).anySatisfy(w -> assertThat(w).contains("NOT_SET_ANYWHERE is not set"))
                .anySatisfy(w -> assertThat(w).contains("unknown key \"services.moonshot_search.colour\""));
    }

    @Test
    void rejectsABadTimeoutNamingTheKey() {
        assertThatThrownBy(() -> load("""
                [services.moonshot_search]
                base_url = "https://search.example/api"
                timeout_seconds = 0
                """, Map.of()))
                .isInstanceOf(ConfigException.class)
                .hasMessageContaining("services.moonshot_search.timeout_seconds")
                .hasMessageContaining("must be a positive number of seconds");
    }
}
