package dev.moka.core.session;

import static dev.moka.core.session.ContextPrefixTest.say;
import static org.assertj.core.api.Assertions.assertThat;

import dev.moka.protocol.EventMsg;
import dev.moka.testkit.ChatSse;
import dev.moka.testkit.MockResponsesServer;
import dev.moka.testkit.Reply;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** HTTP failures, broken streams and error chunks on the chat path, retried and reported as on the Responses path. */
class ChatSessionFailuresTest {
    private static final ChatSse ANSWER = ChatSse.completion("chatcmpl-ok").text("Fine ", "now.").finish("stop")
            .done();

    @TempDir
    Path home;

    @TempDir
    Path work;

    MockResponsesServer server;
    ContextHarness harness;

    @BeforeEach
    void start() {
        server = MockResponsesServer.start();
        harness = new ContextHarness(server, home).chat("local");
    }

    @AfterEach
    void stop() {
        server.close();
    }

    @Test
    void a429AndA500AreRetriedThenTheAnswerArrives() throws Exception {
        server.enqueue(Reply.status(429, "{\"error\":{\"message\":\"Rate limit reached\"}}").header("retry-after-ms", "5"),
                Reply.status(500, "{\"error\":{\"message\":\"upstream hiccup\"}}"), ANSWER);

        List<EventMsg> events = turn("hi");

        assertThat(events).last().isEqualTo(new EventMsg.TaskComplete("Fine now."));
        assertThat(events).filteredOn(EventMsg.StreamError.class::isInstance)
                .extracting(e -> ((EventMsg.StreamError) e).message())
                .satisfiesExactly(first -> assertThat(first).contains("HTTP 429").contains("Rate limit reached")
                                .contains("retrying 1/2"),
                        second -> assertThat(second).contains("HTTP 500").contains("retrying 2/2"));
        assertThat(server.requests()).hasSize(3);
        assertThat(server.requests().get(2).body()).isEqualTo(server.requests().get(0).body());
    }

    @Test
    void aDroppedStreamIsRetriedAndTheAnswerIsGivenOnce() throws Exception {
        server.enqueue(ChatSse.completion("chatcmpl-1").text("Fine ", "now.").finish("stop").done().dropAfter(2),
                ANSWER);

        List<EventMsg> events = turn("hi");

        assertThat(events).filteredOn(EventMsg.AgentMessage.class::isInstance).containsExactly(
                new EventMsg.AgentMessage("Fine now."));
        assertThat(events).anySatisfy(e -> assertThat(e).isInstanceOfSatisfying(EventMsg.StreamError.class,
                error -> assertThat(error.message()).contains("/v1/chat/completions broke").contains("retrying 1/2")));
        assertThat(events).last().isEqualTo(new EventMsg.TaskComplete("Fine now."));
    }

    @Test
    void aTransientErrorChunkIsRetriedAndAFatalOneEndsTheTurnWithItsMessage() throws Exception {
        server.enqueue(ChatSse.completion("chatcmpl-1").text("par").error("server_error", "the engine hiccuped"),
                ANSWER,
                ChatSse.completion("chatcmpl-3").error("invalid_request_error", "tool schema rejected"));

        List<EventMsg> retried = turn("hi");
        List<EventMsg> failed = turn("again");

        assertThat(retried).last().isEqualTo(new EventMsg.TaskComplete("Fine now."));
        assertThat(failed).last().isInstanceOfSatisfying(EventMsg.Error.class,
                error -> assertThat(error.message()).contains("invalid_request_error")
                        .contains("tool schema rejected"));
    }

    @Test
    void aRejectedKeyStopsAtOnceWithHowToFixIt() throws Exception {
        server.enqueue(Reply.status(401, "{\"error\":{\"message\":\"Incorrect API key provided: "
                + SessionHarness.API_KEY + "\"}}"));

        List<EventMsg> events = turn("hi");

        assertThat(events).last().isInstanceOfSatisfying(EventMsg.Error.class, error -> assertThat(error.message())
                .contains("HTTP 401").contains("check that OPENAI_API_KEY holds a valid API key for provider 'local'")
                .doesNotContain(SessionHarness.API_KEY));
        assertThat(server.requests()).hasSize(1);
    }

    private List<EventMsg> turn(String text) throws Exception {
        try (Session session = harness.start(work)) {
            return ContextHarness.run(session, say(text));
        }
    }
}
