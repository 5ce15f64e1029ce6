package dev.moka.core.config;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class UnknownKeysTest extends ConfigFixture {
    @Test
    void realisticCodexConfigLoadsWithOneWarningPerUnknownKey() throws Exception {
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

                [profiles.ci]
                model = "o3"
                tools = { web_search = true }
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
        assertThat(config.warnings()).containsExactly(
                file + ":10: unknown key \"tui.animations\" ignored",
                file + ":37: unknown key \"model_providers.openai.requires_openai_auth\" ignored",
                file + ":42: unknown key \"profiles.ci.tools\" ignored");
    }

    @Test
    void unknownKeyFromCliOverrideIsAWarningToo() throws Exception {
        Config config = t.load("notice.hide_full_access_warning=true");

        assertThat(config.warnings()).containsExactly("-c notice.hide_full_access_warning: unknown key \"notice\""
                + " ignored");
    }

    @Test
    void badValuesUnderUnknownKeysAreNotChecked() throws Exception {
        t.write("""
                [notice]
                hide_full_access_warning = 42
                """);

        assertThat(t.load().warnings()).hasSize(1);
    }
}
