package dev.moka.core.client;

import static dev.moka.core.client.ClientTestSupport.ENV;
import static dev.moka.core.client.ClientTestSupport.PLAIN_MODEL;
import static dev.moka.core.client.ClientTestSupport.chatClient;
import static dev.moka.core.client.ClientTestSupport.chatProvider;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.moka.core.client.ModelClientException.Kind;
import dev.moka.core.config.provider.ModelProviderInfo;
import dev.moka.core.config.provider.WireApi;
import dev.moka.protocol.ReasoningSummary;
import dev.moka.protocol.ResponseItem;
import dev.moka.testkit.ChatSse;
import dev.moka.testkit.MockResponsesServer;
import dev.moka.testkit.Reply;
import java.net.ServerSocket;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The chat client's failures go through the same retry machinery, ids and redaction as the Responses path. */
class ChatCompletionsClientRetryTest {
    private static final ChatSse GOOD = ChatSse.completion("chatcmpl-ok").text("all good").finish("stop").done();

    private final MockResponsesServer server = MockResponsesServer.start();
    private final List<ResponseEvent> events = new ArrayList<>();

    @AfterEach
    void stop() {
        server.close();
    }

    @Test
    void aStreamThatStallsPastTheIdleTimeoutIsRetried() throws Exception {
        server.enqueue(GOOD.stallAfter(1, Duration.ofSeconds(5)), GOOD);

        CompletedResponse response = stream(chatProvider(server.url(), 0, 2, 200));

        assertThat(response.responseId()).isEqualTo("chatcmpl-ok");
        assertThat(retries()).singleElement().extracting(ResponseEvent.Retrying::reason).asString()
                .contains("no data from the server for 200 ms");
    }

    @Test
    void waitsAsToldByRetryAfter() throws Exception {
        server.enqueue(Reply.status(429, "{\"error\":{\"message\":\"slow down\"}}").header("retry-after-ms", "40"),
                GOOD);

        stream(chatProvider(server.url(), 2, 0, 5_000));

        assertThat(retries()).singleElement().extracting(ResponseEvent.Retrying::reason).asString()
                .contains("HTTP 429").endsWith("retrying in 40 ms");
    }

    @Test
    void givingUpNamesTheLastRequestAndRedactsWhatTheServerEchoed() {
        var provider = new ModelProviderInfo("local", "Local", server.url(), "OPENAI_API_KEY", WireApi.CHAT,
                Map.of("key", "query-secret-42"), Map.of(), Map.of(), 1, 0, 5_000);
        String echo = "{\"error\":{\"message\":\"upstream saw key sk-test-key at /chat?key=query-secret-42\"}}";
        server.enqueue(Reply.status(502, echo), Reply.status(502, echo).header("x-request-id", "req_server_7"));

        assertThatThrownBy(() -> stream(provider)).isInstanceOfSatisfying(ModelClientException.class, e -> {
            assertThat(e.kind()).isEqualTo(Kind.RETRIES_EXHAUSTED);
            assertThat(e.requestId()).startsWith("x-client-request-id ").endsWith(", x-request-id req_server_7");
        }).hasMessageContaining("gave up after 1 retry").hasMessageNotContaining("sk-test-key")
                .hasMessageNotContaining("query-secret-42");
        assertThat(retries()).singleElement().extracting(ResponseEvent.Retrying::reason).asString()
                .doesNotContain("sk-test-key").doesNotContain("query-secret-42");
    }

    @Test
    void aLocalChatServerThatIsNotRunningIsReportedAtOnce() throws Exception {
        int port;
        try (var socket = new ServerSocket(0)) {
            port = socket.getLocalPort();
        }
        var lmstudio = new ModelProviderInfo("lmstudio", "LM Studio", "http://127.0.0.1:" + port + "/v1", null,
                WireApi.CHAT, Map.of(), Map.of(), Map.of(), 3, 3, 5_000);

        assertThatThrownBy(() -> stream(lmstudio)).isInstanceOf(ModelClientException.class)
                .hasMessageStartingWith("nothing is listening at http://127.0.0.1:" + port + "/v1 (model provider "
                        + "'lmstudio'); start LM Studio's server");
        assertThat(retries()).isEmpty();
    }

    @Test
    void aContextErrorInsideTheStreamIsNotRetried() {
        server.enqueue(ChatSse.completion("chatcmpl-1").error("context_length_exceeded", "too many tokens"), GOOD);

        assertThatThrownBy(() -> stream(chatProvider(server.url(), 2, 2, 5_000)))
                .isInstanceOfSatisfying(ModelClientException.class,
                        e -> assertThat(e.kind()).isEqualTo(Kind.CONTEXT_LENGTH_EXCEEDED));
        assertThat(server.requests()).hasSize(1);
    }

    @Test
    void ollamasBareErrorStringIsTheMessage() {
        server.enqueue(Reply.status(404, "{\"error\":\"model \\\"qwen9\\\" not found, try pulling it first\"}"));

        assertThatThrownBy(() -> stream(chatProvider(server.url(), 2, 2, 5_000)))
                .isInstanceOfSatisfying(ModelClientException.class,
                        e -> assertThat(e.kind()).isEqualTo(Kind.BAD_REQUEST))
                .hasMessageEndingWith("/v1/chat/completions: model \"qwen9\" not found, try pulling it first");
    }

    private List<ResponseEvent.Retrying> retries() {
        return events.stream().filter(ResponseEvent.Retrying.class::isInstance)
                .map(ResponseEvent.Retrying.class::cast).toList();
    }

    private CompletedResponse stream(ModelProviderInfo provider) throws ModelClientException {
        var prompt = new Prompt(new ModelSettings(PLAIN_MODEL, null, ReasoningSummary.AUTO, null), "Be brief.",
                List.of(ResponseItem.Message.user("hi")), List.of(), null);
        try (var client = chatClient(provider, ENV)) {
            return client.stream(prompt, events::add);
        }
    }
}
