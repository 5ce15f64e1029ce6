package dev.moka.core.client;

import dev.moka.core.net.HttpClients;
import static dev.moka.core.client.ClientTestSupport.CONVERSATION;
import static dev.moka.core.client.ClientTestSupport.FAST;
import static dev.moka.core.client.ClientTestSupport.IDENTITY;
import static dev.moka.core.client.ClientTestSupport.PLAIN_MODEL;
import static dev.moka.core.client.ClientTestSupport.prompt;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.moka.core.auth.AuthFile;
import dev.moka.core.auth.ProviderKey;
import dev.moka.core.auth.TokenScript;
import dev.moka.core.client.ModelClientException.Kind;
import dev.moka.core.config.provider.AuthCommand;
import dev.moka.core.config.provider.KeyHeader;
import dev.moka.core.config.provider.ModelProviderInfo;
import dev.moka.core.config.provider.WireApi;
import dev.moka.testkit.CapturedRequest;
import dev.moka.testkit.MockResponsesServer;
import dev.moka.testkit.Reply;
import dev.moka.testkit.Sse;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The key on the wire: renewed once after a 401 when a command made it, and masked wherever a server echoes it. */
class ResponsesClientAuthTest {
    /** Neither named nor shaped like a secret: only knowing the key itself can mask it. */
    static final String KEY = "acme-live-7f3b9c2e1d4a5b6c";

    @TempDir
    Path home;

    @TempDir
    Path scripts;

    MockResponsesServer server;

    @BeforeEach
    void setUp() {
        server = MockResponsesServer.start();
    }

    @AfterEach
    void tearDown() {
        server.close();
    }

    ModelProviderInfo provider(String envKey, String bearer, AuthCommand auth, KeyHeader header) {
        return new ModelProviderInfo("corp", "Corp", server.url(), envKey, WireApi.RESPONSES, Map.of(), Map.of(),
                Map.of(), 0, 0, 5_000, null, bearer, auth, header);
    }

    static AuthCommand command(TokenScript script) {
        return new AuthCommand(List.of(script.script().toString()), Duration.ofSeconds(5), Duration.ZERO, "x");
    }

    CompletedResponse stream(ModelProviderInfo provider, Map<String, String> env) throws ModelClientException {
        var key = new ProviderKey(provider, env, new AuthFile(home), Map.of("PATH", System.getenv("PATH")),
                Clock.systemUTC());
        try (var client = new ResponsesClient(provider, env, key, CONVERSATION, IDENTITY, HttpClients.startDefault(),
                FAST)) {
            return client.stream(prompt(PLAIN_MODEL), event -> { });
        }
    }

    static Reply unauthorized(String echoed) {
        return Reply.status(401, "{\"error\":{\"message\":\"Incorrect API key provided: " + echoed + "\","
                + "\"code\":\"invalid_api_key\"}}");
    }

    @Test
    void a401RunsTheAuthCommandAgainAndRetriesOnceWithTheNewToken() throws Exception {
        TokenScript script = TokenScript.counting(scripts, "tok");
        server.enqueue(unauthorized("tok-1"), Sse.response("r1").text("m", "hello").completed());

        CompletedResponse done = stream(provider(null, null, command(script), null), Map.of());

        assertThat(done.responseId()).isEqualTo("r1");
        assertThat(server.requests()).extracting(r -> r.header("authorization"))
                .containsExactly("Bearer tok-1", "Bearer tok-2");
        assertThat(script.runCount()).isEqualTo(2);
    }

    @Test
    void aSecond401AfterTheRenewalFailsWithoutAThirdRequest() throws Exception {
        TokenScript script = TokenScript.counting(scripts, "tok");
        server.enqueue(unauthorized("nope"), unauthorized("nope"), Sse.response("r1").completed());

        assertThatThrownBy(() -> stream(provider(null, null, command(script), null), Map.of()))
                .isInstanceOfSatisfying(ModelClientException.class, e -> assertThat(e.kind()).isEqualTo(Kind.UNAUTHORIZED))
                .hasMessageContaining("HTTP 401").hasMessageContaining("also after running it again");
        assertThat(server.requests()).hasSize(2);
    }

    @Test
    void a401ToAStaticKeyIsNotRetriedAndNamesWhereTheKeyCameFrom() throws Exception {
        new AuthFile(home).store("corp", KEY);
        server.enqueue(unauthorized("x"), Sse.response("r1").completed());

        assertThatThrownBy(() -> stream(provider("CORP_CREDENTIAL", null, null, null), Map.of()))
                .hasMessageContaining("the key stored for provider 'corp' in auth.json was refused; store a valid one"
                        + " with `moka login --with-api-key --provider corp`");
        assertThat(server.requests()).hasSize(1);
    }

    @Test
    void aKeyFromEverySourceIsMaskedWhenTheServerEchoesIt() throws Exception {
        TokenScript script = TokenScript.running(scripts, "echo " + KEY);
        new AuthFile(home).store("filed", KEY);
        List<ModelProviderInfo> sources = List.of(
                provider(null, KEY, null, null),
                provider("CORP_CREDENTIAL", null, null, null),
                new ModelProviderInfo("filed", "Filed", server.url(), "FILED_CREDENTIAL", WireApi.RESPONSES, Map.of(),
                        Map.of(), Map.of(), 0, 0, 5_000),
                provider(null, null, command(script), null));
        for (ModelProviderInfo provider : sources) {
            server.enqueue(Reply.status(400, "{\"error\":{\"message\":\"bad request from key " + KEY + "\"}}"));

            assertThatThrownBy(() -> stream(provider, Map.of("CORP_CREDENTIAL", KEY)))
                    .as(provider.id() + " " + provider.bearerToken() + " " + provider.auth())
                    .hasMessageContaining("bad request from key [REDACTED]")
                    .message().doesNotContain(KEY);
        }
        assertThat(server.requests()).extracting(r -> r.header("authorization")).containsOnly("Bearer " + KEY);
    }

    @Test
    void azureGetsItsKeyInTheApiKeyHeaderAndNoAuthorization() throws Exception {
        server.enqueue(Sse.response("r1").completed());

        stream(provider("AZURE_OPENAI_API_KEY", null, null, KeyHeader.API_KEY), Map.of("AZURE_OPENAI_API_KEY", KEY));

        CapturedRequest request = server.requests().getFirst();
        assertThat(request.header("api-key")).isEqualTo(KEY);
        assertThat(request.header("authorization")).isNull();
    }
}
