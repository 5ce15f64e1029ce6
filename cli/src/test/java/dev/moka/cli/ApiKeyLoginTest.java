package dev.moka.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.moka.protocol.Json;
import dev.moka.testkit.Sse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** {@code moka login --with-api-key}, {@code moka login status} and {@code moka logout}, as a person runs them. */
class ApiKeyLoginTest extends ProcessFixture {
    static final String KEY = "sk-stdin-key-0123456789";


    private Map<String, String> env() {
        return MokaProcess.envWithoutKey(home, server.url());
    }

    @Test
    void storesTheKeyFromStdinWithoutEchoingItInAPrivateFileThatExecThenUses() throws Exception {
        var login = MokaProcess.runWithStdin(repo, env(), KEY + "\n", "login", "--with-api-key");

        assertThat(login.exitCode()).as(login.stderr()).isZero();
        assertThat(login.stdout() + login.stderr()).doesNotContain(KEY);
        assertThat(login.stderr()).contains("Stored the API key of model provider 'openai' (sk-...6789) in "
                + home.resolve("auth.json"));
        Path file = home.resolve("auth.json");
        assertThat(Json.parse(Files.readString(file)).get("OPENAI_API_KEY").asString()).isEqualTo(KEY);
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(file))).isEqualTo("rw-------");

        server.enqueue(Sse.response("r1").text("m1", "Hello.").completed());
        var exec = MokaProcess.run(repo, env(), "exec", "hi");

        assertThat(exec.exitCode()).as(exec.stderr()).isZero();
        assertThat(server.requests().getFirst().header("authorization")).isEqualTo("Bearer " + KEY);
    }

    @Test
    void storesAnotherProvidersKeyAndSaysWhenAVariableStillWins() throws Exception {
        Files.writeString(home.resolve("config.toml"), """
                [model_providers.deepseek]
                base_url = "https://api.deepseek.com"
                env_key = "DEEPSEEK_API_KEY"
                wire_api = "chat"
                """);
        Map<String, String> env = env();
        env.put("DEEPSEEK_API_KEY", "ds-from-the-shell-000");

        var login = MokaProcess.runWithStdin(repo, env, "ds-stored-key-1234567", "login", "--with-api-key",
                "--provider", "deepseek");

        assertThat(login.exitCode()).as(login.stderr()).isZero();
        assertThat(Json.parse(Files.readString(home.resolve("auth.json"))).get("api_keys").get("deepseek")
                .asString()).isEqualTo("ds-stored-key-1234567");
        assertThat(login.stderr()).contains("note: DEEPSEEK_API_KEY is set in this shell and wins over auth.json");
    }

    @Test
    void nothingOnStdinIsAUsageErrorAndNothingIsWritten() throws Exception {
        var login = MokaProcess.runWithStdin(repo, env(), "\n", "login", "--with-api-key");

        assertThat(login.exitCode()).isEqualTo(2);
        assertThat(login.stderr().strip()).isEqualTo("moka: login: no API key on standard input; pipe it in, e.g."
                + " `printenv OPENAI_API_KEY | moka login --with-api-key --provider openai`");
        assertThat(home.resolve("auth.json")).doesNotExist();
    }

    @Test
    void statusSaysWhereEachProvidersKeyComesFromMasked() throws Exception {
        Files.writeString(home.resolve("config.toml"), """
                model_provider = "deepseek"
                [model_providers.deepseek]
                base_url = "https://api.deepseek.com"
                env_key = "DEEPSEEK_API_KEY"
                [model_providers.corp]
                base_url = "https://gateway.example.com/v1"
                auth = { command = "print-corp-token" }
                [model_providers.moonshot]
                base_url = "https://api.moonshot.ai/v1"
                env_key = "MOONSHOT_API_KEY"
                """);
        MokaProcess.runWithStdin(repo, env(), KEY, "login", "--with-api-key", "--provider", "openai");
        Map<String, String> env = env();
        env.put("DEEPSEEK_API_KEY", "ds-from-the-shell-0000");

        var status = MokaProcess.run(repo, env, "login", "status");

        assertThat(status.exitCode()).as(status.stderr()).isZero();
        assertThat(status.stdout()).contains(
                "  openai       auth.json (moka login --with-api-key)  sk-...6789",
                "* deepseek     $DEEPSEEK_API_KEY  ds-...0000",
                "  corp         auth command print-corp-token (run when a request needs it)",
                "  moonshot     no key: set $MOONSHOT_API_KEY or run `moka login --with-api-key --provider moonshot`",
                "  ollama       no key needed");
        assertThat(status.stdout()).doesNotContain(KEY).doesNotContain("ds-from-the-shell-0000");
    }

    @Test
    void logoutRemovesTheStoredKeyAndSaysWhatItRemoved() throws Exception {
        MokaProcess.runWithStdin(repo, env(), KEY, "login", "--with-api-key");

        var logout = MokaProcess.run(repo, env(), "logout");
        var again = MokaProcess.run(repo, env(), "logout");

        assertThat(logout.exitCode()).isZero();
        assertThat(logout.stderr().strip()).isEqualTo("Removed the API key of model provider 'openai' from "
                + home.resolve("auth.json"));
        assertThat(home.resolve("auth.json")).doesNotExist();
        assertThat(again.stderr().strip()).isEqualTo("No API key of model provider 'openai' is stored in "
                + home.resolve("auth.json") + "; nothing to remove");
    }
}
