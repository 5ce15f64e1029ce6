package dev.moka.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.moka.cli.commands.ExitCodes;
import dev.moka.testkit.Sse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/** A Codex user's configuration, flags and command words, through the real moka process. */
class CodexUserTest extends ProcessFixture {
    private Map<String, String> env() {
        return MokaProcess.env(home, server.url());
    }

    private static final String CODEX_CONFIG = """
            model = "gpt-5.1-codex"
            model_provider = "mine"
            approval_policy = "on-request"
            sandbox_mode = "workspace-write"
            model_reasoning_effort = "high"
            personality = "pragmatic"
            check_for_update_on_startup = false
            file_opener = "vscode"
            notify = ["notify-send", "Codex"]
            review_model = "gpt-5.1-codex"
            model_auto_compact_token_limit = 200000
            disable_paste_burst = true
            allow_login_shell = false

            [model_providers.mine]
            name = "Mine"
            base_url = "BASE_URL"
            env_key = "OPENAI_API_KEY"
            wire_api = "responses"
            supports_websockets = true
            stream_idle_timeout_ms = 300000
            websocket_connect_timeout_ms = 5000
            requires_openai_auth = false

            [features]
            web_search_request = true
            unified_exec = false
            code_mode = false

            [tui]
            notifications = true
            animations = false
            show_tooltips = false
            status_line = ["model-with-reasoning", "current-dir"]
            [tui.keymap.global]
            copy = "ctrl-y"

            [history]
            persistence = "save-all"

            [notice]
            hide_full_access_warning = true
            "hide_gpt-5.1-codex-max_migration_prompt" = true

            [otel]
            environment = "dev"
            exporter = "none"

            [sandbox_workspace_write]
            network_access = false
            exclude_slash_tmp = true

            [shell_environment_policy]
            inherit = "core"
            experimental_use_profile = false

            [mcp_servers.docs]
            command = "/bin/sh"
            args = ["-c", "exit 0"]
            enabled = false
            startup_timeout_sec = 10
            tool_timeout_sec = 60
            enabled_tools = ["search"]

            [profiles.ci]
            model = "gpt-5.1-codex"
            service_tier = "flex"
            plan_mode_reasoning_effort = "low"
            """;

    @Test
    void aCodexConfigLoadsWithoutAWarningEvenUnderStrictConfig() throws Exception {
        Files.writeString(home.resolve("config.toml"), CODEX_CONFIG.replace("BASE_URL", server.url() + "/v1"));
        server.enqueue(Sse.response("r1").text("m1", "Done.").completed(),
                Sse.response("r2").text("m2", "Done.").completed());

        var plain = MokaProcess.run(repo, env(), "exec", "hello");
        var strict = MokaProcess.run(repo, env(), "exec", "--strict-config", "-p", "ci", "hello");

        assertThat(plain.exitCode()).as(plain.stderr()).isZero();
        assertThat(plain.stderr()).doesNotContain("unknown key").doesNotContain("warning");
        assertThat(strict.exitCode()).as(strict.stderr()).isZero();
        assertThat(strict.stdout()).isEqualTo("Done.\n");
    }

    @Test
    void strictConfigRefusesAKeyNeitherKnowsAndWithoutItTheKeyIsOneWarning() throws Exception {
        Files.writeString(home.resolve("config.toml"), "model = \"gpt-5.1-codex\"\ncolour_theme = \"dark\"\n");
        server.enqueue(Sse.response("r1").text("m1", "Done.").completed());

        var strict = MokaProcess.run(repo, env(), "exec", "--strict-config", "hello");
        var lenient = MokaProcess.run(repo, env(), "exec", "hello");

        assertThat(strict.exitCode()).isEqualTo(ExitCodes.USAGE);
        assertThat(strict.stderr()).isEqualTo("moka: " + home.resolve("config.toml") + ":2: unknown key"
                + " \"colour_theme\" (--strict-config refuses keys that neither Moka nor Codex knows; remove it or fix"
                + " its spelling)\n");
        assertThat(lenient.exitCode()).as(lenient.stderr()).isZero();
        assertThat(lenient.stderr()).containsOnlyOnce("unknown key \"colour_theme\" ignored");
        assertThat(server.requests()).hasSize(1);
    }

    @Test
    void aProfileFileIsSelectedWithPAndWinsOverATableOfTheSameName() throws Exception {
        Files.writeString(home.resolve("config.toml"), """
                model = "gpt-5.1-codex"
                [profiles.work2]
                model = "gpt-5.1-codex-mini"
                """);
        Files.writeString(home.resolve("work2.config.toml"), "model = \"gpt-5.1-codex-max\"\n");
        Files.writeString(home.resolve("solo.config.toml"), "model = \"gpt-5.1-codex-mini\"\n");
        server.enqueue(Sse.response("r1").text("m1", "One.").completed(),
                Sse.response("r2").text("m2", "Two.").completed());

        var both = MokaProcess.run(repo, env(), "exec", "-p", "work2", "hello");
        var solo = MokaProcess.run(repo, env(), "exec", "--profile", "solo", "hello");

        assertThat(both.exitCode()).as(both.stderr()).isZero();
        assertThat(both.stderr()).contains("profile \"work2\" is defined twice, by " + home.resolve("work2.config.toml")
                + " and by the [profiles.work2] table of config.toml; the file wins and the table is not used");
        assertThat(solo.exitCode()).as(solo.stderr()).isZero();
        assertThat(solo.stderr()).doesNotContain("warning");
        assertThat(server.requests()).extracting(r -> r.bodyJson().get("model").asString())
                .containsExactly("gpt-5.1-codex-max", "gpt-5.1-codex-mini");
    }

    @Test
    void ignoreUserConfigLeavesConfigTomlOut() throws Exception {
        Files.writeString(home.resolve("config.toml"), "model = \"gpt-5.1-codex-mini\"\nno_such_key = 1\n");
        server.enqueue(Sse.response("r1").text("m1", "Done.").completed());

        var run = MokaProcess.run(repo, env(), "exec", "--ignore-user-config", "-m", "gpt-5.1-codex", "hello");

        assertThat(run.exitCode()).as(run.stderr()).isZero();
        assertThat(run.stderr()).doesNotContain("no_such_key");
        assertThat(server.requests().getFirst().bodyJson().get("model").asString()).isEqualTo("gpt-5.1-codex");
    }

    @Test
    void enableAndDisableTakeCodexFeatureNamesAndRefuseOthers() throws Exception {
        server.enqueue(Sse.response("r1").text("m1", "Done.").completed());

        var bad = MokaProcess.run(repo, env(), "exec", "--enable", "no_such_feature", "hello");
        var good = MokaProcess.run(repo, env(), "exec", "--enable", "web_search_request", "--disable", "code_mode",
                "-c", "features.undo=true", "hello");

        assertThat(bad.exitCode()).isEqualTo(ExitCodes.USAGE);
        assertThat(bad.stderr()).startsWith("moka: --enable no_such_feature: no such feature flag");
        assertThat(good.exitCode()).as(good.stderr()).isZero();
        assertThat(good.stderr()).doesNotContain("unknown key");
        assertThat(server.requests()).hasSize(1);
    }

    @Test
    void ephemeralLeavesNoRolloutAndNoHistory() throws Exception {
        server.enqueue(Sse.response("r1").text("m1", "Done.").completed());

        var run = MokaProcess.run(repo, env(), "exec", "--ephemeral", "remember nothing");
        var resume = MokaProcess.run(repo, env(), "exec", "--ephemeral", "resume", "--last", "again");

        assertThat(run.exitCode()).as(run.stderr()).isZero();
        assertThat(run.stderr()).contains("not recorded, so it cannot be resumed");
        assertThat(Files.exists(home.resolve("sessions"))
                ? listed(home.resolve("sessions")).filter(p -> p.toString().endsWith(".jsonl")).count() : 0).isZero();
        assertThat(home.resolve("history.jsonl")).doesNotExist();
        assertThat(resume.exitCode()).isEqualTo(ExitCodes.USAGE);
        assertThat(resume.stderr()).contains("--ephemeral starts a conversation that leaves no record");
    }

    @Test
    void colourFollowsTheColorFlag() throws Exception {
        server.enqueue(Sse.response("r1").functionCall("c1", "shell", "{\"command\":[\"echo\",\"hi\"]}").completed(),
                Sse.response("r2").text("m1", "Done.").completed(),
                Sse.response("r3").functionCall("c2", "shell", "{\"command\":[\"echo\",\"hi\"]}").completed(),
                Sse.response("r4").text("m2", "Done.").completed());

        var always = MokaProcess.run(repo, env(), "exec", "--color", "always", "hello");
        var never = MokaProcess.run(repo, env(), "exec", "--color", "never", "hello");
        var bad = MokaProcess.run(repo, env(), "exec", "--color", "sometimes", "hello");

        assertThat(always.stderr()).contains("\u001b[");
        assertThat(never.stderr()).doesNotContain("\u001b[");
        assertThat(bad.exitCode()).isEqualTo(ExitCodes.USAGE);
        assertThat(bad.stderr()).isEqualTo("moka: --color sometimes: expected auto, always or never\n");
    }

    @Test
    void aCodexCommandMokaLacksIsOneLineAndNeverAPrompt() throws Exception {
        for (String word : new String[] {"apply", "features", "cloud"}) {
            var run = MokaProcess.run(repo, env(), word);
            assertThat(run.exitCode()).as(word).isEqualTo(ExitCodes.USAGE);
            assertThat(run.stderr().lines()).as(word).hasSize(1);
            assertThat(run.stderr()).startsWith("moka " + word + ": ");
        }
        assertThat(server.requests()).isEmpty();
    }

    private static Stream<Path> listed(Path dir) throws java.io.IOException {
        try (Stream<Path> files = Files.walk(dir)) {
            return files.toList().stream();
        }
    }
}
