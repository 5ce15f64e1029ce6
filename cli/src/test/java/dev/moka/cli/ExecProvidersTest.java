package dev.moka.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.moka.testkit.Reply;
import dev.moka.testkit.Sse;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code moka exec} with local providers, an auth command and keys from each source, as a person runs it. */
class ExecProvidersTest extends ProcessFixture {
    /** Neither named nor shaped like a secret: only knowing the key itself can mask it. */
    static final String KEY = "acme-live-7f3b9c2e1d4a5b6c";

    @TempDir
    Path scripts;

    private Map<String, String> env() {
        return MokaProcess.envWithoutKey(home, server.url());
    }

    /** A token script that counts its runs, prints {@code tok-N} and writes a marker to stderr. */
    private Path tokenScript(String body) throws IOException {
        Path script = scripts.resolve("token.sh");
        Files.writeString(script, "#!/bin/bash\nn=$(( $(cat '" + scripts.resolve("runs") + "' 2>/dev/null || echo 0)"
                + " + 1 ))\necho \"$n\" > '" + scripts.resolve("runs") + "'\n" + body + "\n");
        Files.setPosixFilePermissions(script, PosixFilePermissions.fromString("rwx------"));
        return script;
    }

    @Test
    void ossWithNothingListeningIsOneLineSayingHowToStartOllama() throws Exception {
        String url = "http://127.0.0.1:" + MokaProcess.closedPort() + "/v1";
        Files.writeString(home.resolve("config.toml"), "[model_providers.ollama]\nbase_url = \"" + url + "\"\n");

        var run = MokaProcess.run(repo, env(), "exec", "--oss", "hello");

        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.stderr().strip()).isEqualTo("moka: nothing is listening at " + url + " (model provider"
                + " 'ollama'); start Ollama with `ollama serve`, or set base_url in [model_providers.ollama] if it"
                + " runs elsewhere");
    }

    @Test
    void localProviderLmStudioSaysHowToStartLmStudio() throws Exception {
        String url = "http://127.0.0.1:" + MokaProcess.closedPort() + "/v1";

        var run = MokaProcess.run(repo, env(), "exec", "--local-provider", "lmstudio", "-c",
                "model_providers.lmstudio.base_url=\"" + url + "\"", "hello");

        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.stderr()).contains("nothing is listening at " + url, "`lms server start`");
    }

    @Test
    void anUnknownLocalProviderIsAUsageError() throws Exception {
        var run = MokaProcess.run(repo, env(), "exec", "--local-provider", "llamafile", "hello");

        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.stderr().strip()).startsWith("moka: --local-provider llamafile: expected one of ollama,"
                + " lmstudio");
    }

    @Test
    void ossFollowsOssProviderAndAsksForGptOss20b() throws Exception {
        Files.writeString(home.resolve("config.toml"), """
                model = "gpt-6.1-sol"
                oss_provider = "box"
                [model_providers.box]
                name = "GPU box"
                base_url = "%s"
                """.formatted(server.url()));
        server.enqueue(Sse.response("r1").text("m1", "Local hello.").completed());

        var run = MokaProcess.run(repo, env(), "exec", "--oss", "hello");

        assertThat(run.exitCode()).as(run.stderr()).isZero();
        assertThat(run.stdout()).isEqualTo("Local hello.\n");
        assertThat(server.requests().getFirst().bodyJson().get("model").asString()).isEqualTo("gpt-oss:20b");
        assertThat(server.requests().getFirst().header("authorization")).isNull();
    }

    @Test
    void theAuthCommandsTokenIsSentRenewedOnceAfterA401AndItsStderrNeverShown() throws Exception {
        Path script = tokenScript("echo 'RAW-STDERR-MARKER from the token tool' >&2\necho \"tok-$n-9f8e7d6c5b4a\"");
        Files.writeString(home.resolve("config.toml"), """
                model_provider = "corp"
                [model_providers.corp]
                base_url = "%s"
                [model_providers.corp.auth]
                command = "%s"
                refresh_interval_ms = 0
                """.formatted(server.url(), script));
        server.enqueue(Reply.status(401, "{\"error\":{\"message\":\"token expired\"}}"),
                Sse.response("r1").text("m1", "Renewed.").completed());

        var run = MokaProcess.run(repo, env(), "exec", "hello");

        assertThat(run.exitCode()).as(run.stderr()).isZero();
        assertThat(run.stdout()).isEqualTo("Renewed.\n");
        assertThat(server.requests()).extracting(r -> r.header("authorization"))
                .containsExactly("Bearer tok-1-9f8e7d6c5b4a", "Bearer tok-2-9f8e7d6c5b4a");
        assertThat(run.stderr()).doesNotContain("RAW-STDERR-MARKER");
    }

    @Test
    void aFailingAuthCommandIsOneLineBeforeAnythingIsSent() throws Exception {
        Path script = tokenScript("printf 'login required\\n\\033[2J' >&2; exit 4");
        Files.writeString(home.resolve("config.toml"), """
                model_provider = "corp"
                [model_providers.corp]
                base_url = "%s"
                auth = { command = "%s" }
                """.formatted(server.url(), script));

        var run = MokaProcess.run(repo, env(), "exec", "hello");

        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.stderr().strip()).isEqualTo("moka: the auth command of model provider 'corp' (" + script
                + ") exited with code 4: login required; fix [model_providers.corp.auth] or run the command yourself"
                + " to see why");
        assertThat(server.requests()).isEmpty();
    }

    @Test
    void theMissingKeyMessageCarriesTheProvidersInstructions() throws Exception {
        Files.writeString(home.resolve("config.toml"), """
                model_provider = "deepseek"
                [model_providers.deepseek]
                base_url = "%s"
                env_key = "DEEPSEEK_API_KEY"
                env_key_instructions = "create one at https://platform.deepseek.com/api_keys"
                """.formatted(server.url()));

        var run = MokaProcess.run(repo, env(), "exec", "hello");

        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.stderr().strip()).isEqualTo("moka: DEEPSEEK_API_KEY is not set: set it to your API key (it is"
                + " the env_key of model provider 'deepseek'; create one at https://platform.deepseek.com/api_keys) or"
                + " run `moka login --with-api-key --provider deepseek`");
        assertThat(server.requests()).isEmpty();
    }

    @Test
    void keysFromAuthJsonAndFromTheCommandAreMaskedInEverythingWritten() throws Exception {
        Path script = tokenScript("echo '" + KEY + "'");
        Files.writeString(home.resolve("config.toml"), """
                model_provider = "filed"
                [model_providers.filed]
                base_url = "%1$s"
                env_key = "FILED_CREDENTIAL"
                request_max_retries = 0
                [model_providers.scripted]
                base_url = "%1$s"
                request_max_retries = 0
                auth = { command = "%2$s" }
                """.formatted(server.url(), script));
        MokaProcess.runWithStdin(repo, env(), KEY, "login", "--with-api-key", "--provider", "filed");
        String body = "{\"error\":{\"message\":\"Incorrect API key provided: " + KEY + "\"}}";
        server.enqueue(Reply.status(400, body), Reply.status(400, body), Reply.status(401, body),
                Reply.status(401, body));

        var filed = MokaProcess.run(repo, env(), "exec", "--json", "hello");
        var scripted = MokaProcess.run(repo, env(), "exec", "-c", "model_provider=\"scripted\"", "hello");

        assertThat(filed.stdout()).contains("Incorrect API key provided: [REDACTED]");
        assertThat(scripted.stderr()).contains("Incorrect API key provided: [REDACTED]");
        StringBuilder written = new StringBuilder(filed.stdout() + filed.stderr() + scripted.stdout()
                + scripted.stderr());
        try (Stream<Path> files = Files.walk(home)) {
            for (Path file : files.filter(Files::isRegularFile).filter(f -> !List.of("config.toml", "auth.json")
                    .contains(f.getFileName().toString())).toList()) {
                written.append(Files.readString(file));
            }
        }
        assertThat(written.toString()).contains("[REDACTED]").doesNotContain(KEY);
        assertThat(server.requests()).extracting(r -> r.header("authorization")).containsOnly("Bearer " + KEY);
    }
}
