package dev.moka.core.session;

import static org.assertj.core.api.Assertions.assertThat;

import dev.moka.testkit.MockResponsesServer;
import dev.moka.testkit.Sse;
import java.nio.file.Path;
import java.util.List;
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
            String conversationId;
            try (Session session = SessionHarness.start(server, home, cwd, "gpt-5.1-codex")) {
                conversationId = session.conversationId();
                SessionHarness.turn(session, "first");
            }
            Path file = Rollouts.findById(home, conversationId.substring(0, 8)).orElseThrow();
            Rollouts.Recorded recorded = Rollouts.read(file);
            assertThat(recorded.conversationId()).isEqualTo(conversationId);
            try (Session resumed = SessionHarness.start(server, home, cwd, "gpt-5.1-codex", conversationId,
                    recorded.items(), file)) {
                SessionHarness.turn(resumed, "again");
            }
            List<JsonNode> before = server.requests().get(1).input();
            List<JsonNode> after = server.requests().get(2).input();
            assertThat(after.subList(0, before.size())).isEqualTo(before);
            assertThat(after.subList(before.size(), after.size())).extracting(i -> i.get("role").asString())
                    .containsExactly("assistant", "user");
            assertThat(after.stream().filter(i -> i.toString().contains("<environment_context>"))).hasSize(1);
            assertThat(server.requests()).extracting(r -> r.bodyJson().get("prompt_cache_key").asString())
                    .containsOnly(conversationId);
        }
    }
}
