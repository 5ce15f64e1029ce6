package dev.moka.core.client;

import static dev.moka.core.client.ClientTestSupport.PLAIN_MODEL;
import static dev.moka.core.client.ClientTestSupport.prompt;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.moka.protocol.ResponseItem;
import dev.moka.testkit.Sse;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class FixtureModelClientTest {
    @TempDir
    Path dir;

    @Test
    void replaysResponsesInOrderThenRepeatsTheLast() throws Exception {
        Path file = dir.resolve("two.sse");
        Files.writeString(file, Sse.response("resp_1").functionCall("call_1", "shell", "{\"command\":[\"ls\"]}")
                .completed().toFixture()
                + Sse.response("resp_2").text("msg_1", "do", "ne").usage(5, 0, 1, 0).completed().toFixture());
        List<ResponseEvent> events = new ArrayList<>();

        try (var client = new FixtureModelClient(file)) {
            CompletedResponse first = client.stream(prompt(PLAIN_MODEL), events::add);
            CompletedResponse second = client.stream(prompt(PLAIN_MODEL), events::add);
            CompletedResponse third = client.stream(prompt(PLAIN_MODEL), event -> { });

            assertThat(first.output()).containsExactly(
                    new ResponseItem.FunctionCall("fc_call_1", "shell", "{\"command\":[\"ls\"]}", "call_1"));
            assertThat(second.responseId()).isEqualTo("resp_2");
            assertThat(second.output()).singleElement().isInstanceOfSatisfying(ResponseItem.Message.class,
                    m -> assertThat(m.text()).isEqualTo("done"));
            assertThat(second.usage().totalTokens()).isEqualTo(6);
            assertThat(third).isEqualTo(second);
        }
        assertThat(events).contains(new ResponseEvent.OutputTextDelta("msg_1", "do"),
                new ResponseEvent.Created("resp_1"), new ResponseEvent.Created("resp_2"));
    }

    @Test
    void reportsAFixtureResponseThatNeverCompletes() throws Exception {
        Path file = dir.resolve("cut.sse");
        Files.writeString(file, Sse.response("resp_1").text("msg_1", "partial").toFixture());

        try (var client = new FixtureModelClient(file)) {
            assertThatThrownBy(() -> client.stream(prompt(PLAIN_MODEL), event -> { }))
                    .isInstanceOf(ModelClientException.class)
                    .hasMessageContaining("response 1 of SSE fixture " + file)
                    .hasMessageContaining("without response.completed");
        }
    }

    @Test
    void rejectsAnEmptyFixture() throws IOException {
        Path file = dir.resolve("empty.sse");
        Files.writeString(file, ": nothing here\n");

        assertThatThrownBy(() -> new FixtureModelClient(file)).isInstanceOf(IOException.class)
                .hasMessageContaining("MOKA_SSE_FIXTURE").hasMessageContaining("holds no events");
    }
}
