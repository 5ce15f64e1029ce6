package dev.moka.core.auth;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.moka.core.config.provider.AuthCommand;
import dev.moka.core.config.provider.KeyHeader;
import dev.moka.core.config.provider.ModelProviderInfo;
import dev.moka.core.config.provider.WireApi;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.InstantSource;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Each key source, their order, the auth command's cache and renewal, and what is said when none has a key. */
class ProviderKeyTest {
    static final String ENV_KEY = "CORP_CREDENTIAL";

    @TempDir
    Path home;

    @TempDir
    Path scripts;

    final AtomicReference<Instant> now = new AtomicReference<>(Instant.parse("2026-11-20T10:00:00Z"));
    final InstantSource clock = now::get;
    AuthFile authFile;

    @BeforeEach
    void setUp() {
        authFile = new AuthFile(home);
    }

    static ModelProviderInfo provider(String envKey, String bearer, AuthCommand auth, KeyHeader header) {
        return new ModelProviderInfo("corp", "Corp", "https://gateway.example.com/v1", envKey, WireApi.RESPONSES,
                Map.of(), Map.of(), Map.of(), 0, 0, 5_000, "ask the platform team for a key", bearer, auth, header);
    }

    static AuthCommand command(TokenScript script, long timeoutMs, long refreshMs) {
        return new AuthCommand(List.of(script.script().toString()), Duration.ofMillis(timeoutMs),
                Duration.ofMillis(refreshMs), "config.toml:3: model_providers.corp.auth");
    }

    ProviderKey key(ModelProviderInfo provider, Map<String, String> env) {
        return new ProviderKey(provider, env, authFile, Map.of("PATH", System.getenv("PATH")), clock);
    }

    @Test
    void theFirstSourceThatHasAKeyWinsInTheDocumentedOrder() throws Exception {
        TokenScript script = TokenScript.counting(scripts, "from-command");
        authFile.store("corp", "from-auth-file");
        Map<String, String> env = Map.of(ENV_KEY, "from-environment");
        AuthCommand auth = command(script, 5_000, 0);

        assertThat(key(provider(ENV_KEY, "from-config", auth, null), env).resolve())
                .isEqualTo(new ProviderKey.Resolved("from-config", KeySource.CONFIG_TOKEN));
        assertThat(key(provider(ENV_KEY, null, auth, null), env).resolve())
                .isEqualTo(new ProviderKey.Resolved("from-environment", KeySource.ENVIRONMENT));
        assertThat(key(provider(ENV_KEY, null, auth, null), Map.of()).resolve())
                .isEqualTo(new ProviderKey.Resolved("from-auth-file", KeySource.AUTH_FILE));
        assertThat(script.runCount()).isZero();

        authFile.remove("corp");
        assertThat(key(provider(ENV_KEY, null, auth, null), Map.of()).resolve())
                .isEqualTo(new ProviderKey.Resolved("from-command-1", KeySource.AUTH_COMMAND));
        assertThat(script.runCount()).isEqualTo(1);
    }

    @Test
    void aBlankVariableIsNoKeyAndTheNextSourceAnswers() throws Exception {
        authFile.store("corp", "from-auth-file");

        assertThat(key(provider(ENV_KEY, null, null, null), Map.of(ENV_KEY, "   ")).key()).isEqualTo("from-auth-file");
    }

    @Test
    void theOpenAiProviderReadsCodexsAuthJsonShape() throws Exception {
        Files.writeString(home.resolve("auth.json"), "{\"OPENAI_API_KEY\": \"sk-copied-from-codex-0123\","
                + " \"tokens\": null}");
        var openai = new ModelProviderInfo("openai", "OpenAI", "https://api.openai.com/v1", "OPENAI_API_KEY",
                WireApi.RESPONSES, Map.of(), Map.of(), Map.of(), 0, 0, 5_000);

        assertThat(key(openai, Map.of()).resolve())
                .isEqualTo(new ProviderKey.Resolved("sk-copied-from-codex-0123", KeySource.AUTH_FILE));
    }

    @Test
    void noSourceWithAKeySaysWhichVariableAndTheProvidersInstructions() {
        assertThatThrownBy(() -> key(provider(ENV_KEY, null, null, null), Map.of()).key())
                .isInstanceOf(KeyUnavailableException.class)
                .hasMessage("CORP_CREDENTIAL is not set: set it to your API key (it is the env_key of model provider"
                        + " 'corp'; ask the platform team for a key) or run `moka login --with-api-key --provider"
                        + " corp`");
    }

    @Test
    void aProviderThatTakesNoKeySendsNone() throws Exception {
        ProviderKey key = key(provider(null, null, null, null), Map.of());

        assertThat(key.key()).isNull();
        assertThat(key.header()).isNull();
        assertThat(key.source()).isEqualTo(KeySource.NONE);
    }

    @Test
    void aCommandsTokenIsReusedUntilTheRefreshIntervalPasses() throws Exception {
        TokenScript script = TokenScript.counting(scripts, "tok");
        ProviderKey key = key(provider(null, null, command(script, 5_000, 60_000), null), Map.of());

        assertThat(key.key()).isEqualTo("tok-1");
        now.set(now.get().plusSeconds(59));
        assertThat(key.key()).isEqualTo("tok-1");
        assertThat(script.runCount()).isEqualTo(1);

        now.set(now.get().plusSeconds(1));
        assertThat(key.key()).isEqualTo("tok-2");
        assertThat(key.handedOut()).containsExactly("tok-1", "tok-2");
    }

    @Test
    void aRefreshIntervalOfZeroKeepsTheTokenUntilA401() throws Exception {
        TokenScript script = TokenScript.counting(scripts, "tok");
        ProviderKey key = key(provider(null, null, command(script, 5_000, 0), null), Map.of());

        assertThat(key.key()).isEqualTo("tok-1");
        now.set(now.get().plus(Duration.ofDays(3)));
        assertThat(key.key()).isEqualTo("tok-1");

        assertThat(key.rejected()).isTrue();
        assertThat(key.key()).isEqualTo("tok-2");
        assertThat(script.runCount()).isEqualTo(2);
    }

    @Test
    void aStaticKeyThatIsRejectedCannotBeRenewed() throws Exception {
        ProviderKey key = key(provider(ENV_KEY, null, null, null), Map.of(ENV_KEY, "static-key-123"));

        key.key();

        assertThat(key.rejected()).isFalse();
        assertThat(key.key()).isEqualTo("static-key-123");
    }

    @Test
    void aFailingCommandSaysItsExitCodeAndItsLastErrorLineCleanedAndMasked() throws Exception {
        TokenScript script = TokenScript.running(scripts, """
                echo 'starting' >&2
                printf '\\033[31mdenied for sk-abcdefghijklmnop1234\\033[0m\\n' >&2
                exit 3
                """);
        ProviderKey key = key(provider(null, null, command(script, 5_000, 0), null), Map.of());

        assertThatThrownBy(key::key).isInstanceOf(KeyUnavailableException.class)
                .hasMessage("the auth command of model provider 'corp' (" + script.script() + ") exited with code 3:"
                        + " denied for [REDACTED]; fix [model_providers.corp.auth] or run the command"
                        + " yourself to see why")
                .message().doesNotContain("\u001b");
    }

    @Test
    void aCommandThatHangsIsStoppedAtItsTimeout() throws Exception {
        TokenScript script = TokenScript.running(scripts, "sleep 30; echo late");
        ProviderKey key = key(provider(null, null, command(script, 300, 0), null), Map.of());

        assertThatThrownBy(key::key).isInstanceOf(KeyUnavailableException.class)
                .hasMessage("the auth command of model provider 'corp' (" + script.script() + ") did not finish within"
                        + " 300 ms (timeout_ms); fix [model_providers.corp.auth] or run the command yourself to see"
                        + " why");
    }

    @Test
    void aCommandThatPrintsNothingOrMoreThanATokenIsRefused() throws Exception {
        TokenScript silent = TokenScript.running(scripts, "echo 'no session' >&2");
        assertThatThrownBy(() -> key(provider(null, null, command(silent, 5_000, 0), null), Map.of()).key())
                .hasMessage("the auth command of model provider 'corp' (" + silent.script() + ") printed no token"
                        + " (no session); it must print the token on its standard output");

        TokenScript chatty = TokenScript.running(scripts, "echo 'Your token is:'; echo abc123");
        assertThatThrownBy(() -> key(provider(null, null, command(chatty, 5_000, 0), null), Map.of()).key())
                .hasMessageContaining("printed more than a token");
    }

    @Test
    void aMissingProgramIsOneLine() {
        var auth = new AuthCommand(List.of(scripts.resolve("no-such-program").toString()), Duration.ofSeconds(1),
                Duration.ZERO, "x");

        assertThatThrownBy(() -> key(provider(null, null, auth, null), Map.of()).key())
                .isInstanceOf(KeyUnavailableException.class)
                .hasMessageStartingWith("cannot start the auth command of model provider 'corp'");
    }

    @Test
    void azureTakesAStaticKeyInApiKeyAndACommandsTokenAsABearer() throws Exception {
        TokenScript script = TokenScript.counting(scripts, "entra-token");

        assertThat(key(provider(ENV_KEY, null, null, KeyHeader.API_KEY), Map.of(ENV_KEY, "azure-key-123")).header())
                .isEqualTo(Map.entry("api-key", "azure-key-123"));
        assertThat(key(provider(null, null, command(script, 5_000, 0), KeyHeader.API_KEY), Map.of()).header())
                .isEqualTo(Map.entry("authorization", "Bearer entra-token-1"));
        assertThat(key(provider(ENV_KEY, null, null, null), Map.of(ENV_KEY, "plain-key-123")).header())
                .isEqualTo(Map.entry("authorization", "Bearer plain-key-123"));
    }
}
