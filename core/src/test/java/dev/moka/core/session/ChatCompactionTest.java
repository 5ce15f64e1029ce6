package dev.moka.core.session;

import static dev.moka.core.session.ContextPrefixTest.say;
import static org.assertj.core.api.Assertions.assertThat;

import dev.moka.protocol.EventMsg;
import dev.moka.protocol.Op;
import dev.moka.testkit.CapturedRequest;
import dev.moka.testkit.ChatSse;
import dev.moka.testkit.MockResponsesServer;
import dev.moka.testkit.Reply;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

/**
 * Compaction on the chat path: a chat server has no compact endpoint, so the session summarises locally, by
 * default even on the provider id {@code openai} (the context settings are the ones config.toml gives).
 */
class ChatCompactionTest {
    @TempDir
    Path home;

    @TempDir
    Path work;

    MockResponsesServer server;
    ContextHarness harness;

    @BeforeEach
    void start() {
        server = MockResponsesServer.start();
        harness = new ContextHarness(server, home).chat("openai");
        harness.settings = null;
    }

    @AfterEach
    void stop() {
        server.close();
    }

    static ChatSse answer(int number, String text) {
        return ChatSse.completion("chatcmpl-" + number).text(text).finish("stop").done();
    }

    @Test
    void compactingSummarisesLocallyWithoutToolsThenSendsInitialContextRecentMessagesAndSummary() throws Exception {
        server.enqueue(answer(1, "first answer"), answer(2, "SUMMARY: the person wants a parser"),
                answer(3, "continuing"));
        List<EventMsg> compact;
        try (Session session = harness.start(work)) {
            ContextHarness.run(session, say("build a parser"));
            compact = ContextHarness.run(session, new Op.Compact());
            ContextHarness.run(session, say("go on"));
        }

        assertThat(compact).anySatisfy(e -> assertThat(e).isInstanceOfSatisfying(EventMsg.BackgroundEvent.class,
                b -> assertThat(b.message()).contains("compacted the conversation (locally)")));
        List<CapturedRequest> requests = server.requests();
        assertThat(requests).extracting(CapturedRequest::path).containsOnly("/v1/chat/completions");
        JsonNode summaryRequest = requests.get(1).bodyJson();
        assertThat(summaryRequest.has("tools")).isFalse();
        assertThat(summaryRequest.has("tool_choice")).isFalse();
        assertThat(summaryRequest.has("parallel_tool_calls")).isFalse();
        List<JsonNode> before = requests.get(0).messages();
        List<JsonNode> summarising = requests.get(1).messages();
        assertThat(summarising.subList(0, before.size())).isEqualTo(before);
        assertThat(summarising.get(before.size()).get("content").asString()).isEqualTo("first answer");
        assertThat(summarising.getLast().get("content").asString()).contains("handover note");

        List<JsonNode> after = requests.get(2).messages();
        assertThat(after).extracting(ContextHarness::role).containsExactly("system", "user", "user", "user", "user");
        assertThat(after.subList(0, 2)).isEqualTo(before.subList(0, 2));
        assertThat(after.get(2).get("content").asString()).isEqualTo("build a parser");
        assertThat(after.get(3).get("content").asString()).startsWith("<conversation_summary>")
                .contains("SUMMARY: the person wants a parser");
        assertThat(after.get(4).get("content").asString()).isEqualTo("go on");
        assertThat(requests.get(2).bodyJson().get("tools")).isEqualTo(requests.get(0).bodyJson().get("tools"));
    }

    @Test
    void aServerThatSaysInWordsThePromptIsTooLongGetsACompactedRetry() throws Exception {
        server.enqueue(Reply.status(400, "{\"object\":\"error\",\"message\":\"This model's maximum context length is "
                        + "4096 tokens. However, you requested 5000 tokens.\",\"type\":\"BadRequestError\",\"code\":400}"),
                answer(1, "SUMMARY: a big question"), answer(2, "fits now"));
        List<EventMsg> events;
        try (Session session = harness.start(work)) {
            events = ContextHarness.run(session, say("big question"));
        }

        assertThat(events).last().isEqualTo(new EventMsg.TaskComplete("fits now"));
        List<CapturedRequest> requests = server.requests();
        assertThat(requests).hasSize(3);
        assertThat(requests.get(2).messages()).extracting(m -> m.get("content").asString())
                .anySatisfy(text -> assertThat(text).contains("SUMMARY: a big question"));
    }

    @Test
    void llamaCppsContextErrorIsNotRetriedAsAServerErrorButCompacted() throws Exception {
        server.enqueue(Reply.status(500, "{\"error\":{\"code\":500,\"message\":\"the request exceeds the available "
                        + "context size, try increasing it\",\"type\":\"exceed_context_size_error\",\"n_prompt_tokens\":"
                        + "9000,\"n_ctx\":8192}}"),
                answer(1, "SUMMARY: short"), answer(2, "fits now"));
        List<EventMsg> events;
        try (Session session = harness.start(work)) {
            events = ContextHarness.run(session, say("big question"));
        }

        assertThat(events).noneMatch(EventMsg.StreamError.class::isInstance);
        assertThat(events).last().isEqualTo(new EventMsg.TaskComplete("fits now"));
        assertThat(server.requests()).hasSize(3);
    }
}
