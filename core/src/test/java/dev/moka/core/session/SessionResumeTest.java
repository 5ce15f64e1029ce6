package dev.moka.core.session;

import static org.assertj.core.api.Assertions.assertThat;

import dev.moka.core.config.model.ModelCatalog;
import dev.moka.core.context.TokenAccounting;
import dev.moka.protocol.Event;
import dev.moka.protocol.EventMsg;
import dev.moka.protocol.Op;
import dev.moka.testkit.MockResponsesServer;
import dev.moka.testkit.Sse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

class SessionResumeTest {
    @TempDir
    Path home;

    @TempDir
    Path cwd;

    @Test
    void aResumedSessionSendsExactlyThePreviousItemsThenTheNewMessage() throws Exception {
        try (MockResponsesServer server = MockResponsesServer.start()) {
            server.enqueue(
                    Sse.response("resp_1").reasoning("rs_1", "plan", "ENC1")
                            .functionCall("call_1", "shell", "{\"command\":[\"echo\",\"x\"]}").completed(),
                    Sse.response("resp_2").text("msg_1", "first done").completed(),
                    Sse.response("resp_3").text("msg_2", "resumed done").completed());
            String conversationId = firstTurn(server);
            Path file = Rollouts.findById(home, conversationId.substring(0, 8)).orElseThrow();
            Rollouts.Recorded recorded = Rollouts.read(file);
            assertThat(recorded.conversationId()).isEqualTo(conversationId);
            try (Session resumed = SessionHarness.resume(server, home, cwd, "gpt-5.1-codex",
                    conversationId)) {
                SessionHarness.turn(resumed, "again");
            }
            assertTheThirdRequestContinuesTheSecond(server);
            assertThat(server.requests().get(2).input().stream()
                    .filter(i -> i.toString().contains("<environment_context>"))).hasSize(1);
            assertThat(server.requests()).extracting(r -> r.bodyJson().get("prompt_cache_key").asString())
                    .containsOnly(conversationId);
        }
    }

    @Test
    void aResumedSessionSaysHowMuchOfTheWindowItsHistoryTakesWithTheHistoryAndSendsTheSameRequest()
            throws Exception {
        try (MockResponsesServer server = MockResponsesServer.start()) {
            server.enqueue(
                    Sse.response("resp_1").functionCall("call_1", "shell", "{\"command\":[\"echo\",\"x\"]}")
                            .completed(),
                    Sse.response("resp_2").text("msg_1", "first done").completed(),
                    Sse.response("resp_3").text("msg_2", "resumed done").completed());
            String conversationId = firstTurn(server);
            EventMsg.TokenCount count;
            try (Session resumed = SessionHarness.resume(server, home, cwd, "gpt-5.1-codex", conversationId)) {
                resumed.submit(new Op.GetHistory());
                List<EventMsg> answer = new ArrayList<>();
                do {
                    Event event = resumed.pollEvent(30, TimeUnit.SECONDS);
                    assertThat(event).as("the events answering GetHistory").isNotNull();
                    answer.add(event.msg());
                } while (!(answer.getLast() instanceof EventMsg.TokenCount));
                assertThat(answer).extracting(e -> e.getClass().getSimpleName())
                        .endsWith("ConversationHistoryResponse", "TokenCount");
                count = (EventMsg.TokenCount) answer.getLast();
                SessionHarness.turn(resumed, "again");
            }
            long window = ModelCatalog.bundled().lookup("gpt-5.1-codex").contextWindow();
            assertThat(count.modelContextWindow()).isEqualTo(window);
            assertThat(count.estimatedPromptTokens()).isPositive();
            assertThat(count.percentContextWindowLeft()).isLessThan(100)
                    .isEqualTo(TokenAccounting.percentLeft(count.estimatedPromptTokens(), window));
            // Nothing was sent for it, and the request after it continues the cached prefix as before.
            assertThat(server.requests()).hasSize(3);
            assertTheThirdRequestContinuesTheSecond(server);
            assertThat(server.requests().get(2).bodyJson().get("tools"))
                    .isEqualTo(server.requests().get(0).bodyJson().get("tools"));
            // The answer is for the face that asked, not the record: written back, every resume grew the
            // rollout by the whole conversation.
            String rollout = Files.readString(Rollouts.findById(home, conversationId.substring(0, 8)).orElseThrow());
            assertThat(rollout).doesNotContain("conversation_history").contains("\"token_count\"");
        }
    }

    @Test
    void aCallLeftWithoutOutputByAKilledProcessIsAnsweredAsAbortedOnResume() throws Exception {
        try (MockResponsesServer server = MockResponsesServer.start()) {
            server.enqueue(Sse.response("resp_1").text("msg_1", "continuing").completed());
            String conversationId = dev.moka.core.Uuids.v7();
            var now = java.time.Instant.now();
            Path file;
            try (RolloutRecorder recorder = RolloutRecorder.create(home, new SessionMeta(conversationId,
                    now.toString(), cwd.toString(), "moka_test", "0.0.0", "openai", "gpt-5.1-codex"), now)) {
                recorder.recordItem(dev.moka.protocol.ResponseItem.Message.user("run the slow thing"));
                recorder.recordItem(new dev.moka.protocol.ResponseItem.FunctionCall(null, "shell",
                        "{\"command\":[\"sleep\",\"100\"]}", "call_killed"));
                file = recorder.path();
            }
            Rollouts.Recorded recorded = Rollouts.read(file);
            try (Session resumed = SessionHarness.resume(server, home, cwd, "gpt-5.1-codex",
                    conversationId)) {
                SessionHarness.turn(resumed, "go on");
            }
            List<JsonNode> input = server.requests().getFirst().input();
            assertThat(input).extracting(i -> i.get("type").asString())
                    .containsExactly("message", "function_call", "function_call_output", "message");
            assertThat(input.get(2).get("call_id").asString()).isEqualTo("call_killed");
            assertThat(input.get(2).get("output").asString()).startsWith("aborted");
            assertThat(Rollouts.read(file).items()).hasSize(input.size() + 1);
        }
    }

    /** Runs the first session's one turn ("first": a shell call, then an answer); its conversation id. */
    private String firstTurn(MockResponsesServer server) throws Exception {
        try (Session session = SessionHarness.start(server, home, cwd, "gpt-5.1-codex")) {
            SessionHarness.turn(session, "first");
            return session.conversationId();
        }
    }

    /** The resumed turn's request is the first session's last request, then its answer and the new message. */
    private static void assertTheThirdRequestContinuesTheSecond(MockResponsesServer server) {
        List<JsonNode> before = server.requests().get(1).input();
        List<JsonNode> after = server.requests().get(2).input();
        assertThat(after.subList(0, before.size())).isEqualTo(before);
        assertThat(after.subList(before.size(), after.size())).extracting(i -> i.get("role").asString())
                .containsExactly("assistant", "user");
    }
}
