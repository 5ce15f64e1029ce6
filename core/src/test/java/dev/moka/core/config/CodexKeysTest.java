package dev.moka.core.config;

import static org.assertj.core.api.Assertions.assertThat;

import dev.moka.core.config.toml.ConfigNode;
import dev.moka.core.config.toml.Origin;
import dev.moka.core.config.toml.TomlSource;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class CodexKeysTest {
    /** Every key of the list, written as a person would (a name for *, a key below for **), with no warning. */
    @Test
    void everyKeyCodexAcceptsLoadsWithoutAWarning() throws Exception {
        List<String> keys = listed();
        assertThat(keys).hasSizeGreaterThan(300);
        List<String> warned = new ArrayList<>();
        for (String pattern : keys) {
            String key = pattern.replace(".**", ".anything").replace("*", "mine");
            ConfigNode.Table root = TomlSource.applyOverride(
                    ConfigNode.Table.empty(Origin.cli(List.of()), List.of()), key + "=\"x\"");
            warned.addAll(KnownKeys.warnings(root));
        }
        assertThat(warned).isEmpty();
    }

    @Test
    void aKeyNeitherKnowsIsWarnedAboutWhereverItIs() throws Exception {
        for (String key : List.of("colour_theme", "model_providers.mine.supports_websocket", "tui.colour",
                "mcp_servers.docs.commands", "features.no_such_feature", "profiles.ci.modle", "history.max_size")) {
            ConfigNode.Table root = TomlSource.applyOverride(
                    ConfigNode.Table.empty(Origin.cli(List.of()), List.of()), key + "=\"x\"");
            assertThat(KnownKeys.warnings(root)).as(key).hasSize(1);
        }
    }

    @Test
    void aProviderThatSupportsWebsocketsIsNoMistake() {
        assertThat(CodexKeys.accepts(List.of("model_providers", "azure", "supports_websockets"))).isTrue();
        assertThat(Features.known("web_search_request")).isTrue();
        assertThat(Features.known("code_mode")).isTrue();
        assertThat(Features.known("no_such_feature")).isFalse();
        assertThat(Features.known("apps_mcp_path_override.enabled")).isFalse();
    }

    private static List<String> listed() throws IOException {
        try (InputStream in = CodexKeys.class.getResourceAsStream("codex-keys.txt")) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8).lines().map(String::strip)
                    .filter(line -> !line.isEmpty() && !line.startsWith("#")).toList();
        }
    }
}
