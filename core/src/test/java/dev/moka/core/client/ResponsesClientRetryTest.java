package dev.moka.core.client;

import static dev.moka.core.client.ClientTestSupport.ENV;
import static dev.moka.core.client.ClientTestSupport.PLAIN_MODEL;
import static dev.moka.core.client.ClientTestSupport.client;
import static dev.moka.core.client.ClientTestSupport.prompt;
import static dev.moka.core.client.ClientTestSupport.provider;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.moka.core.client.ModelClientException.Kind;
import dev.moka.core.config.provider.ModelProviderInfo;
import dev.moka.protocol.ResponseItem;
import dev.moka.testkit.MockResponsesServer;
import dev.moka.testkit.Reply;
import dev.moka.testkit.Sse;
import java.net.ServerSocket;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class ResponsesClientRetryTest {
    private static final Sse GOOD = Sse.response("resp_ok").text("msg_ok", "all good").completed();

    private final MockResponsesServer server = MockResponsesServer.start();
    private final List<ResponseEvent> events = new ArrayList<>();

    @AfterEach
    void stop() {
        server.close();
    }

    @Test
    void waitsAsToldByRetryAfterThenSucceeds() throws Exception {
        server.enqueue(Reply.status(429, "{\"error\":{\"message\":\"Rate limit reached\"}}").header("retry-after", "1"),
                GOOD);

        CompletedResponse response = stream(provider(server.url()));

        assertThat(response.responseId()).isEqualTo("resp_ok");
        assertThat(server.requests()).hasSize(2);
        assertThat(retries()).singleElement().satisfies(r -> {
            assertThat(r.attempt()).isEqualTo(1);
            assertThat(r.maxAttempts()).isEqualTo(3);
            assertThat(r.reason()).contains("HTTP 429").contains("Rate limit reached").endsWith("retrying in 1000 ms");
        });
    }

    @Test
    void prefersRetryAfterMilliseconds() throws Exception {
        server.enqueue(Reply.status(429, "{}").header("retry-after-ms", "30").header("retry-after", "5"), GOOD);

        stream(provider(server.url()));

        assertThat(retries()).singleElement().extracting(ResponseEvent.Retrying::reason).asString()
                .endsWith("retrying in 30 ms");
    }

    @Test
    void retriesServerErrorsWithBackoff() throws Exception {
        server.enqueue(Reply.status(500, "{}"), Reply.status(503, "upstream down"), GOOD);

        assertThat(stream(provider(server.url())).responseId()).isEqualTo("resp_ok");
        assertThat(server.requests()).hasSize(3);
        assertThat(retries()).extracting(ResponseEvent.Retrying::attempt).containsExactly(1, 2);
        assertThat(retries().get(1).reason()).contains("HTTP 503").contains("upstream down");
    }

    @Test
    void retriesADroppedStreamAndKeepsOnlyTheGoodAttemptsItems() throws Exception {
        server.enqueue(Sse.response("resp_bad").functionCall("call_bad", "shell", "{}").text("msg_bad", "x")
                .dropAfter(5), GOOD);

        CompletedResponse response = stream(provider(server.url()));

        // Events that arrived before the cut may or may not be reported: the JDK drops buffered data on error.
        assertThat(response.output()).singleElement().isInstanceOfSatisfying(ResponseItem.Message.class,
                m -> assertThat(m.text()).isEqualTo("all good"));
        int retryAt = events.indexOf(retries().getFirst());
        assertThat(events.get(retryAt + 1)).isEqualTo(new ResponseEvent.Created("resp_ok"));
        assertThat(retries().getFirst().reason()).contains("broke");
    }

    @Test
    void retriesAStreamThatEndsWithoutTerminalEventAfterReportingItsEvents() throws Exception {
        server.enqueue(Sse.response("resp_bad").functionCall("call_bad", "shell", "{}").text("msg_bad", "x"), GOOD);

        CompletedResponse response = stream(provider(server.url()));

        assertThat(response.responseId()).isEqualTo("resp_ok");
        assertThat(response.output()).singleElement().isInstanceOf(ResponseItem.Message.class);
        int retryAt = events.indexOf(retries().getFirst());
        assertThat(events.subList(0, retryAt)).contains(new ResponseEvent.Created("resp_bad"))
                .filteredOn(ResponseEvent.OutputItemDone.class::isInstance).hasSize(2);
        assertThat(retries()).singleElement().extracting(ResponseEvent.Retrying::reason).asString()
                .contains("ended before response.completed");
    }

    @Test
    void retriesAStreamThatStallsPastTheIdleTimeout() throws Exception {
        server.enqueue(Sse.response("resp_slow").text("msg_slow", "x").completed().stallAfter(2, Duration.ofSeconds(5)),
                GOOD);

        CompletedResponse response = stream(provider(server.url(), 0, 2, 200));

        assertThat(response.responseId()).isEqualTo("resp_ok");
        assertThat(retries()).singleElement().extracting(ResponseEvent.Retrying::reason).asString()
                .contains("no data from the server for 200 ms");
    }

    @Test
    void retriesAStreamWithMalformedData() throws Exception {
        server.enqueue(Sse.response("resp_bad").rawData("response.output_text.delta", "{\"delta\": oops"), GOOD);

        assertThat(stream(provider(server.url())).responseId()).isEqualTo("resp_ok");
        assertThat(retries()).singleElement().extracting(ResponseEvent.Retrying::reason).asString()
                .contains("malformed SSE event 'response.output_text.delta'");
    }

    @Test
    void givesUpWhenRetriesRunOut() {
        server.enqueue(Reply.status(502, "{\"error\":{\"message\":\"bad gateway\"}}"),
                Reply.status(502, "{\"error\":{\"message\":\"bad gateway\"}}"),
                Reply.status(502, "{\"error\":{\"message\":\"still bad\"}}"));

        assertThatThrownBy(() -> stream(provider(server.url(), 2, 0, 5_000)))
                .isInstanceOfSatisfying(ModelClientException.class,
                        e -> assertThat(e.kind()).isEqualTo(Kind.RETRIES_EXHAUSTED))
                .hasMessageContaining("still bad").hasMessageContaining("gave up after 2 retries");
        assertThat(server.requests()).hasSize(3);
    }

    @Test
    void givesUpOnStreamsThatKeepDropping() {
        server.enqueue(Sse.response("r1").text("m", "x").dropAfter(1), Sse.response("r2").text("m", "x").dropAfter(1));

        assertThatThrownBy(() -> stream(provider(server.url(), 0, 1, 5_000)))
                .isInstanceOfSatisfying(ModelClientException.class,
                        e -> assertThat(e.kind()).isEqualTo(Kind.RETRIES_EXHAUSTED))
                .hasMessageContaining("gave up after 1 retry");
        assertThat(server.requests()).hasSize(2);
    }

    @Test
    void retriesWhenTheConnectionBreaksBeforeAnAnswer() throws Exception {
        try (var socket = new ServerSocket(0)) {
            // Accepts and hangs up at once: the server is there, but no answer comes.
            Thread.ofVirtual().start(() -> {
                while (!socket.isClosed()) {
                    try {
                        socket.accept().close();
                    } catch (java.io.IOException e) {
                        return;
                    }
                }
            });
            String url = "http://127.0.0.1:" + socket.getLocalPort() + "/v1";

            assertThatThrownBy(() -> stream(provider(url, 1, 0, 5_000)))
                    .isInstanceOfSatisfying(ModelClientException.class,
                            e -> assertThat(e.kind()).isEqualTo(Kind.RETRIES_EXHAUSTED))
                    .hasMessageContaining("cannot reach " + url + "/responses");
        }
        assertThat(retries()).hasSize(1);
    }

    @Test
    void aLocalServerThatRefusesTheConnectionIsReportedAtOnceWithoutRetries() throws Exception {
        int port;
        try (var socket = new ServerSocket(0)) {
            port = socket.getLocalPort();
        }
        var local = new ModelProviderInfo("ollama", "Ollama", "http://127.0.0.1:" + port + "/v1", null,
                dev.moka.core.config.provider.WireApi.RESPONSES, java.util.Map.of(), java.util.Map.of(),
                java.util.Map.of(), 5, 5, 5_000);

        assertThatThrownBy(() -> stream(local))
                .isInstanceOf(ModelClientException.class)
                .hasMessage("nothing is listening at http://127.0.0.1:" + port + "/v1 (model provider 'ollama');"
                        + " start Ollama with `ollama serve`, or set base_url in [model_providers.ollama] if it runs"
                        + " elsewhere");
        assertThat(retries()).isEmpty();
    }

    @Test
    void unauthorizedSaysWhichVariableToCheck() {
        server.enqueue(Reply.status(401, "{\"error\":{\"message\":\"Incorrect API key provided\"}}"));

        assertThatThrownBy(() -> stream(provider(server.url())))
                .isInstanceOfSatisfying(ModelClientException.class,
                        e -> assertThat(e.kind()).isEqualTo(Kind.UNAUTHORIZED))
                .hasMessageContaining("Incorrect API key provided").hasMessageContaining("OPENAI_API_KEY")
                .hasMessageNotContaining("sk-test-key");
        assertThat(server.requests()).hasSize(1);
    }

    @Test
    void contextLengthExceededIsNotRetried() {
        server.enqueue(Reply.status(400, "{\"error\":{\"code\":\"context_length_exceeded\","
                + "\"message\":\"Your input exceeds the context window of this model.\"}}"));

        assertThatThrownBy(() -> stream(provider(server.url())))
                .isInstanceOfSatisfying(ModelClientException.class,
                        e -> assertThat(e.kind()).isEqualTo(Kind.CONTEXT_LENGTH_EXCEEDED))
                .hasMessageContaining("exceeds the context window");
        assertThat(server.requests()).hasSize(1);
    }

    @Test
    void otherClientErrorsCarryTheServerMessage() {
        server.enqueue(Reply.status(400, "{\"error\":{\"code\":\"invalid_value\",\"message\":\"Unknown tool type\"}}"));

        assertThatThrownBy(() -> stream(provider(server.url())))
                .isInstanceOfSatisfying(ModelClientException.class,
                        e -> assertThat(e.kind()).isEqualTo(Kind.BAD_REQUEST))
                .hasMessageContaining("HTTP 400").hasMessageContaining("Unknown tool type");
    }

    @Test
    void interruptStopsTheWaitAndKeepsTheFlag() throws Exception {
        server.enqueue(Reply.status(429, "{}").header("retry-after", "60"));
        var waiting = new CountDownLatch(1);
        var failure = new AtomicReference<Throwable>();
        var flagKept = new AtomicBoolean();
        Thread caller = Thread.ofVirtual().start(() -> {
            try (var client = client(provider(server.url()), ENV)) {
                client.stream(prompt(PLAIN_MODEL), event -> {
                    if (event instanceof ResponseEvent.Retrying) {
                        waiting.countDown();
                    }
                });
            } catch (Throwable t) {
                failure.set(t);
                flagKept.set(Thread.currentThread().isInterrupted());
            }
        });
        assertThat(waiting.await(10, TimeUnit.SECONDS)).isTrue();
        caller.interrupt();
        caller.join();

        assertThat(failure.get()).isInstanceOfSatisfying(ModelClientException.class,
                e -> assertThat(e.kind()).isEqualTo(Kind.INTERRUPTED));
        assertThat(flagKept).isTrue();
    }

    private CompletedResponse stream(ModelProviderInfo provider) throws ModelClientException {
        try (var client = client(provider, ENV)) {
            return client.stream(prompt(PLAIN_MODEL), events::add);
        }
    }

    private List<ResponseEvent.Retrying> retries() {
        return events.stream().filter(ResponseEvent.Retrying.class::isInstance)
                .map(ResponseEvent.Retrying.class::cast).toList();
    }
}
