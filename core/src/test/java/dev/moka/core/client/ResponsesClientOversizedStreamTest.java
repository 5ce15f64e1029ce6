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
import dev.moka.testkit.MockResponsesServer;
import dev.moka.testkit.Sse;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** One SSE line or message past the client's bound breaks the stream, which is then retried like a dropped one. */
class ResponsesClientOversizedStreamTest {
    private static final Sse GOOD = Sse.response("resp_ok").text("msg_ok", "all good").completed();

    private final MockResponsesServer server = MockResponsesServer.start();
    private final List<ResponseEvent> events = new ArrayList<>();

    @AfterEach
    void stop() {
        server.close();
    }

    @Test
    void anEndlessLineBreaksTheStreamAndTheRetryCompletes() throws Exception {
        server.enqueue(Sse.response("resp_endless").endlessLineAfter(1), GOOD);

        CompletedResponse response = stream(provider(server.url()));

        assertThat(response.responseId()).isEqualTo("resp_ok");
        assertThat(server.requests()).hasSize(2);
        assertThat(events).filteredOn(ResponseEvent.Retrying.class::isInstance).singleElement()
                .extracting(event -> ((ResponseEvent.Retrying) event).reason()).asString()
                .contains("broke").contains("longer than the client's bound of 16 MiB");
    }

    @Test
    void aDeltaPastTheBoundOnEveryAttemptEndsTheCallWithAClearError() {
        long tooLong = SseParser.MAX_MESSAGE_BYTES + 1L;
        Sse huge = Sse.response("resp_huge").longDeltaAfter(1, tooLong).text("msg", "tail").completed();
        server.enqueue(huge, huge);

        assertThatThrownBy(() -> stream(provider(server.url(), 0, 1, 5_000)))
                .isInstanceOfSatisfying(ModelClientException.class, e -> {
                    assertThat(e.kind()).isEqualTo(Kind.RETRIES_EXHAUSTED);
                    assertThat(e.getMessage()).contains("16 MiB").contains("gave up after 1 retry");
                });
        assertThat(server.requests()).hasSize(2);
        assertThat(events).noneMatch(ResponseEvent.OutputTextDelta.class::isInstance);
    }

    @Test
    void aLargeDeltaWithinTheBoundArrivesWhole() throws Exception {
        server.enqueue(Sse.response("resp_big").longDeltaAfter(1, 3_000_000).text("msg_big", "tail").completed());

        CompletedResponse response = stream(provider(server.url()));

        assertThat(response.responseId()).isEqualTo("resp_big");
        assertThat(events).filteredOn(ResponseEvent.OutputTextDelta.class::isInstance)
                .extracting(event -> ((ResponseEvent.OutputTextDelta) event).delta().length())
                .containsExactly(3_000_000, 4);
    }

    private CompletedResponse stream(ModelProviderInfo provider) throws ModelClientException {
        try (ResponsesClient client = client(provider, ENV)) {
            return client.stream(prompt(PLAIN_MODEL), events::add);
        }
    }
}
