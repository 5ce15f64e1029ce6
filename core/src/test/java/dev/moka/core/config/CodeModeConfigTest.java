package dev.moka.core.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.moka.core.config.model.ModelCatalog;
import dev.moka.core.config.model.ToolMode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Which models get code mode: the catalog says, {@code [features] code_mode} overrides, Chat stays classic. */
class CodeModeConfigTest {
    @TempDir
    Path home;

    private Config load(String toml, String... overrides) throws Exception {
        Files.writeString(home.resolve("config.toml"), toml);
        return ConfigLoader.load(home, List.of(overrides), ConfigOverrides.NONE, Map.of("OPENAI_API_KEY", "sk-x"),
                home);
    }

    private static boolean codeMode(Config config) {
        return config.tools().codeMode().enabledFor(config.modelInfo(), config.provider().wireApi());
    }

    @Test
    void theNewestFamiliesAreCodeModeOnlyAndOlderModelsClassic() {
        ModelCatalog catalog = ModelCatalog.bundled();
        for (String slug : List.of("gpt-6.1-sol", "gpt-6.1-terra", "gpt-6-astra", "gpt-6-sol", "gpt-6-luna",
                "gpt-5.6-sol", "gpt-5.6-terra", "gpt-5.6-luna", "gpt-daybreak-red-latest", "codex-auto-review",
                "gpt-6.1-sol-2026-11-01")) {
            assertThat(catalog.lookup(slug).toolMode()).as(slug).isEqualTo(ToolMode.CODE_MODE_ONLY);
        }
        for (String slug : List.of("gpt-5.5", "gpt-5.1-codex", "gpt-5", "o3", "gpt-oss-120b", "some-local-model")) {
            assertThat(catalog.lookup(slug).toolMode()).as(slug).isEqualTo(ToolMode.CLASSIC);
        }
    }

    @Test
    void autoFollowsTheCatalog() throws Exception {
        assertThat(codeMode(load("model = \"gpt-6.1-sol\"\n"))).isTrue();
        assertThat(codeMode(load("model = \"gpt-5.5\"\n"))).isFalse();
        assertThat(load("").tools().codeMode()).isEqualTo(CodeModeSetting.AUTO);
    }

    @Test
    void theFeatureFlagOverridesTheCatalogEitherWay() throws Exception {
        assertThat(codeMode(load("model = \"gpt-6.1-sol\"\n[features]\ncode_mode = \"off\"\n"))).isFalse();
        assertThat(codeMode(load("model = \"gpt-5.5\"\n[features]\ncode_mode = \"on\"\n"))).isTrue();
        assertThat(codeMode(load("model = \"gpt-5.5\"\n", "features.code_mode=\"on\""))).isTrue();
        assertThat(load("[features]\ncode_mode = \"on\"\nweb_search_request = true\n").warnings()).isEmpty();
    }

    @Test
    void aPersonsCatalogEntryMayChooseTheToolMode() throws Exception {
        Config config = load("model = \"my-model\"\n[model_catalog.my-model]\nbase = \"gpt-5.5\"\n"
                + "tool_mode = \"code_mode_only\"\n");
        assertThat(config.modelInfo().toolMode()).isEqualTo(ToolMode.CODE_MODE_ONLY);
        assertThat(codeMode(config)).isTrue();
    }

    @Test
    void chatProvidersStayClassicEvenWhenForced() throws Exception {
        Config config = load("""
                model = "gpt-6.1-sol"
                model_provider = "local"
                [features]
                code_mode = "on"
                [model_providers.local]
                name = "Local"
                base_url = "http://127.0.0.1:9/v1"
                wire_api = "chat"
                """);
        assertThat(codeMode(config)).isFalse();
    }

    @Test
    void badValuesAreOneLineWithTheirPlace() throws Exception {
        assertThatThrownBy(() -> load("[features]\ncode_mode = \"maybe\"\n"))
                .hasMessageContaining("config.toml:2").hasMessageContaining("maybe").hasMessageContaining("auto");
        assertThatThrownBy(() -> load("[code_mode]\ncpu_seconds = 0\n")).hasMessageContaining("cpu_seconds");
    }

    @Test
    void limitsAreConfigurable() throws Exception {
        CodeModeLimits limits = load("[code_mode]\ncpu_seconds = 3\nmemory_mb = 64\nstack_mb = 2\n").tools()
                .codeModeLimits();
        assertThat(limits).isEqualTo(new CodeModeLimits(3_000, 64L << 20, 2L << 20));
        assertThat(load("").tools().codeModeLimits()).isEqualTo(CodeModeLimits.DEFAULTS);
    }
}
