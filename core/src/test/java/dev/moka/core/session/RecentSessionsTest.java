package dev.moka.core.session;

import static org.assertj.core.api.Assertions.assertThat;

import dev.moka.testkit.MockResponsesServer;
import dev.moka.testkit.Sse;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What a resume picker lists: this directory's sessions with a prompt, newest first. */
class RecentSessionsTest {
    @TempDir
    Path home;

    @TempDir
    Path cwd;

    @TempDir
    Path elsewhere;

    @Test
    void listsThisDirectorysSessionsWithTheirFirstPromptNewestFirst() throws Exception {
        String first;
        String last;
        try (MockResponsesServer server = MockResponsesServer.start()) {
            server.enqueue(Sse.response("r1").text("m1", "a").completed(),
                    Sse.response("r2").text("m2", "b").completed(),
                    Sse.response("r3").text("m3", "c").completed(),
                    Sse.response("r4").text("m4", "d").completed());
            try (Session session = SessionHarness.start(server, home, cwd, "gpt-5.1-codex")) {
                first = session.conversationId();
                SessionHarness.turn(session, "first prompt of A");
                SessionHarness.turn(session, "a later prompt of A");
            }
            try (Session session = SessionHarness.start(server, home, elsewhere, "gpt-5.1-codex")) {
                SessionHarness.turn(session, "a prompt somewhere else");
            }
            try (Session session = SessionHarness.start(server, home, cwd, "gpt-5.1-codex")) {
                session.conversationId();
            }
            try (Session session = SessionHarness.start(server, home, cwd, "gpt-5.1-codex")) {
                last = session.conversationId();
                SessionHarness.turn(session, "  second session\nof this directory ");
            }
        }
        Files.writeString(home.resolve("sessions/rollout-2026-01-01T00-00-00-damaged.jsonl"), "{not json\n");

        var recent = Rollouts.recent(home, cwd, 10);

        assertThat(recent).extracting(Rollouts.Summary::conversationId).containsExactly(last, first);
        assertThat(recent).extracting(Rollouts.Summary::firstPrompt)
                .containsExactly("second session\nof this directory", "first prompt of A");
        assertThat(recent.getFirst().started()).matches("\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\dZ");
        assertThat(Rollouts.recent(home, cwd, 1)).extracting(Rollouts.Summary::conversationId).containsExactly(last);
        assertThat(Rollouts.recent(home.resolve("nowhere"), cwd, 10)).isEmpty();
    }
}
