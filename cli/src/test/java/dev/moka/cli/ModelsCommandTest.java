package dev.moka.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.moka.protocol.Json;
import dev.moka.testkit.CapturedRequest;
import dev.moka.testkit.MockResponsesServer;
import dev.moka.testkit.Reply;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

/** {@code moka models}: a real process asking a real HTTP server for its models. */
class ModelsCommandTest {
    static final String KEY = "acme-live-7f3b9c2e1d4a5b6c";
    static final String LIST = "{\"object\":\"list\",\"data\":[{\"id\":\"gpt-6.1-sol\",\"object\":\"model\"},"
            + "{\"id\":\"gpt-oss:20b\"},{\"id\":\"my-finetune\"}]}";

    @TempDir
    Path home;

    MockResponsesServer server;

    @BeforeEach
    void setUp() throws Exception {
        server = MockResponsesServer.start();
        Files.writeString(home.resolve("config.toml"), """
                model_provider = "acme"
                [model_providers.acme]
                base_url = "%s"
                env_key = "ACME_CREDENTIAL"
                query_params = { tenant = "t1" }
                http_headers = { "X-Team" = "tools" }
                """.formatted(server.url()));
    }

    @AfterEach
    void tearDown() {
        server.close();
    }

    private Map<String, String> env() {
        return Map.of("MOKA_HOME", home.toString(), "ACME_CREDENTIAL", KEY);
    }

    @Test
    void listsWhatTheProviderServesNextToWhatTheCatalogKnows() throws Exception {
        server.enqueue(Reply.status(200, LIST));

        var run = MokaProcess.run(home, env(), "models");

        assertThat(run.exitCode()).as(run.stderr()).isZero();
        assertThat(run.stdout().lines().toList()).containsExactly(
                "MODEL        CONTEXT   SHELL         APPLY_PATCH  REASONING EFFORTS",
                "gpt-6.1-sol  272k      exec_command  freeform     low medium high xhigh max ultra (default low)",
                "gpt-oss:20b  131k      shell         function     low medium high (default medium)",
                "my-finetune  not in catalog");
        CapturedRequest request = server.requests().getFirst();
        assertThat(request.method()).isEqualTo("GET");
        assertThat(request.path()).isEqualTo("/v1/models");
        assertThat(request.queryParam("tenant")).isEqualTo("t1");
        assertThat(request.header("authorization")).isEqualTo("Bearer " + KEY);
        assertThat(request.header("x-team")).isEqualTo("tools");
    }

    @Test
    void jsonIsOneDocumentWithTheCatalogEntryOrNull() throws Exception {
        server.enqueue(Reply.status(200, LIST));

        var run = MokaProcess.run(home, env(), "models", "--json", "--provider", "acme");

        assertThat(run.exitCode()).as(run.stderr()).isZero();
        JsonNode json = Json.parse(run.stdout());
        assertThat(json.get("provider").asString()).isEqualTo("acme");
        assertThat(json.get("base_url").asString()).isEqualTo(server.url());
        JsonNode models = json.get("models");
        assertThat(models).hasSize(3);
        assertThat(models.get(0).get("catalog").get("shell").asString()).isEqualTo("exec_command");
        assertThat(models.get(0).get("catalog").get("context_window").asLong()).isEqualTo(272_000);
        assertThat(models.get(1).get("catalog").get("apply_patch").asString()).isEqualTo("function");
        assertThat(models.get(2).get("catalog").isNull()).isTrue();
    }

    @Test
    void aRefusedKeyIsOneLineWithTheEchoedKeyMasked() throws Exception {
        server.enqueue(Reply.status(401, "{\"error\":{\"message\":\"Incorrect API key provided: " + KEY + "\"}}"));

        var run = MokaProcess.run(home, env(), "models", "--json");

        assertThat(run.exitCode()).isEqualTo(1);
        assertThat(run.stdout()).isEmpty();
        assertThat(run.stderr().lines().toList()).singleElement().asString()
                .startsWith("moka: models: HTTP 401 from " + server.url() + "/models?tenant=t1: Incorrect API key"
                        + " provided: [REDACTED]; check that ACME_CREDENTIAL holds a valid API key");
        assertThat(run.stderr()).doesNotContain(KEY);
    }

    @Test
    void aLocalServerThatIsNotRunningIsOneLineSayingHowToStartIt() throws Exception {
        String url = "http://127.0.0.1:" + MokaProcess.closedPort() + "/v1";

        var run = MokaProcess.run(home, env(), "models", "--provider", "lmstudio", "-c",
                "model_providers.lmstudio.base_url=\"" + url + "\"");

        assertThat(run.exitCode()).isEqualTo(1);
        assertThat(run.stderr().strip()).isEqualTo("moka: models: nothing is listening at " + url + " (model"
                + " provider 'lmstudio'); start LM Studio's server with `lms server start` (or from its Developer"
                + " tab), or set base_url in [model_providers.lmstudio] if it runs elsewhere");
    }

    @Test
    void aMissingKeyIsAUsageErrorAndNothingIsSent() throws Exception {
        var run = MokaProcess.run(home, Map.of("MOKA_HOME", home.toString()), "models");

        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.stderr()).startsWith("moka: models: ACME_CREDENTIAL is not set");
        assertThat(server.requests()).isEmpty();
    }
}
