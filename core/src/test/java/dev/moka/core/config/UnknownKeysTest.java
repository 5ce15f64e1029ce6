package dev.moka.core.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.moka.core.config.toml.ConfigException;
import org.junit.jupiter.api.Test;

class UnknownKeysTest extends ConfigFixture {
    @Test
    void realisticCodexConfigLoadsWithoutAWarningForKeysCodexAccepts() throws Exception {
        t.write("""
                model = "gpt-5-codex"
                model_reasoning_effort = "high"
                approval_policy = "on-request"
                sandbox_mode = "workspace-write"
                notify = ["notify-send", "Codex"]
                hide_agent_reasoning = true

                [tui]
                notifications = true
                animations = false

                [history]
                persistence = "save-all"

                [mcp_servers.docs]
                command = "npx"
                args = ["-y", "mcp-server"]
                env = { "API_KEY" = "x" }

                [mcp_servers.github]
                url = "https://api.example.com/mcp"

                [projects."/home/u/src/app"]
                trust_level = "trusted"

                [shell_environment_policy]
                inherit = "core"

                [features]
                web_search_request = true

                [sandbox_workspace_write]
                network_access = true
                allow_git_writes = false

                [model_providers.openai]
                requires_openai_auth = true
                request_max_retries = 6

                supports_websockets = true

                [profiles.ci]
                model = "o3"
                tools = { web_search = true }
                colour_theme = "dark"
                """);

        Config config = t.load();

        String file = t.configFile().toString();
        assertThat(config.model()).isEqualTo("gpt-5-codex");
        assertThat(config.provider().requestMaxRetries()).isEqualTo(6);
        assertThat(config.sandboxPolicy().network().wire()).isEqualTo("enabled");
        assertThat(config.context().notifyCommand()).containsExactly("notify-send", "Codex");
        assertThat(config.context().historyPersistence()).isTrue();
        assertThat(config.tui().hideAgentReasoning()).isTrue();
        assertThat(config.tui().notifications()).hasSize(2);
        assertThat(config.warnings()).containsExactly(file + ":45: unknown key \"profiles.ci.colour_theme\" ignored");
    }

    @Test
    void unknownKeyFromCliOverrideIsAWarningToo() throws Exception {
        Config config = t.load("colour_theme=\"dark\"", "notice.hide_full_access_warning=true");

        assertThat(config.warnings()).containsExactly("-c colour_theme: unknown key \"colour_theme\" ignored");
    }

    @Test
    void valuesUnderKeysMokaDoesNotReadAreNotChecked() throws Exception {
        t.write("""
                [notice]
                hide_full_access_warning = 42
                [colours]
                prompt = 7
                """);

        assertThat(t.load().warnings()).containsExactly(t.configFile() + ":3: unknown key \"colours\" ignored");
    }

    @Test
    void strictConfigRefusesAKeyNeitherMokaNorCodexKnows() throws Exception {
        t.write("""
                model = "gpt-5.1-codex"
                [tui]
                notifications = true
                animations = false
                colour = "red"
                """);

        assertThatThrownBy(() -> ConfigLoader.load(t.home(), java.util.List.of(), ConfigOverrides.NONE,
                java.util.Map.of(), t.cwd(), new LoadOptions(false, true, false)))
                .isInstanceOf(ConfigException.class)
                .hasMessage(t.configFile() + ":5: unknown key \"tui.colour\" (--strict-config refuses keys that"
                        + " neither Moka nor Codex knows; remove it or fix its spelling)");
    }
}
