package dev.moka.core.session;

import static dev.moka.core.session.ContextHarness.text;
import static dev.moka.core.session.ContextPrefixTest.say;
import static org.assertj.core.api.Assertions.assertThat;

import dev.moka.core.config.ContextSettings;
import dev.moka.protocol.EventMsg;
import dev.moka.protocol.Op;
import dev.moka.testkit.CapturedRequest;
import dev.moka.testkit.MockResponsesServer;
import dev.moka.testkit.Reply;
import dev.moka.testkit.Sse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

class CompactionTest {
    static final String COMPACTION_ITEM = "{\"type\":\"compaction\",\"encrypted_content\":\"ENCRYPTED_SUMMARY\"}";

    @TempDir
    Path home;

    @TempDir
    Path work;

    MockResponsesServer server;
    ContextHarness harness;

    @BeforeEach
    void start() {
        server = MockResponsesServer.start();
        harness = new ContextHarness(server, home);
    }

    @AfterEach
    void stop() {
        server.close();
    }

    static ContextSettings settings(Long autoCompactLimit, boolean remote) {
        return new ContextSettings(0, List.of(), List.of(".git"), null, autoCompactLimit, null, true, 0, List.of(),
                remote);
    }

    static String userItem(String text) {
        return "{\"type\":\"message\",\"role\":\"user\",\"content\":[{\"type\":\"input_text\",\"text\":\"" + text
                + "\"}]}";
    }

    @Test
    void localCompactionSummarisesWithoutToolsThenSendsInitialContextRecentMessagesAndSummary() throws Exception {
        harness.settings = settings(null, false);
        server.enqueue(Sse.response("r1").text("m1", "first answer").completed(),
                Sse.response("r2").text("m2", "SUMMARY: the person wants a parser").completed(),
                Sse.response("r3").text("m3", "continuing").completed());
        try (Session session = harness.start(work)) {
            ContextHarness.run(session, say("build a parser"));
            List<EventMsg> compact = ContextHarness.run(session, new Op.Compact());
            assertThat(compact).last().isEqualTo(new EventMsg.TaskComplete(null));
            ContextHarness.run(session, say("go on"));
        }
        List<CapturedRequest> requests = server.requests();
        JsonNode summaryRequest = requests.get(1).bodyJson();
        assertThat(summaryRequest.get("tools")).isEmpty();
        List<JsonNode> summaryInput = requests.get(1).input();
        assertThat(summaryInput.subList(0, requests.get(0).input().size())).isEqualTo(requests.get(0).input());
        assertThat(text(summaryInput.getLast())).contains("handover note");

        List<JsonNode> after = requests.get(2).input();
        assertThat(after).extracting(ContextHarness::role).containsExactly("developer", "developer", "user", "user",
                "user", "user");
        assertThat(after.subList(0, 3)).isEqualTo(requests.get(0).input().subList(0, 3));
        assertThat(text(after.get(3))).isEqualTo("build a parser");
        assertThat(text(after.get(4))).startsWith("<conversation_summary>")
                .contains("SUMMARY: the person wants a parser");
        assertThat(text(after.get(5))).isEqualTo("go on");
        assertThat(requests.get(2).bodyJson().get("tools")).isEqualTo(requests.get(0).bodyJson().get("tools"));
        assertThat(requests).extracting(r -> r.bodyJson().get("prompt_cache_key").asString()).containsOnly(
                requests.get(0).bodyJson().get("prompt_cache_key").asString());
    }

    @Test
    void aSummaryRequestThatDoesNotFitLeavesOutTheOldestItemsWithoutOrphaningAnOutput() throws Exception {
        harness.settings = settings(null, false);
        String tooLong = "{\"error\":{\"code\":\"context_length_exceeded\",\"message\":\"too long\"}}";
        server.enqueue(
                Sse.response("r1").functionCall("c1", "shell", "{\"command\":[\"echo\",\"a\"]}").completed(),
                Sse.response("r2").text("m1", "done one").completed(),
                Sse.response("r3").functionCall("c2", "shell", "{\"command\":[\"echo\",\"b\"]}").completed(),
                Sse.response("r4").text("m2", "done two").completed(),
                Reply.status(400, tooLong),
                Sse.response("r5").text("m3", "SUMMARY: two echoes").completed(),
                Sse.response("r6").text("m4", "continuing").completed());
        try (Session session = harness.start(work)) {
            ContextHarness.run(session, say("one"));
            ContextHarness.run(session, say("two"));
            List<EventMsg> compact = ContextHarness.run(session, new Op.Compact());
            assertThat(compact).last().isEqualTo(new EventMsg.TaskComplete(null));
            ContextHarness.run(session, say("three"));
        }
        List<CapturedRequest> requests = server.requests();
        List<JsonNode> full = requests.get(4).input();
        List<JsonNode> trimmed = requests.get(5).input();
        assertThat(trimmed.size()).isLessThan(full.size());
        assertThat(trimmed.subList(0, 3)).isEqualTo(full.subList(0, 3));
        assertThat(text(trimmed.getLast())).contains("handover note");
        List<String> calls = trimmed.stream().filter(i -> "function_call".equals(i.get("type").asString()))
                .map(i -> i.get("call_id").asString()).toList();
        assertThat(trimmed.stream().filter(i -> "function_call_output".equals(i.get("type").asString()))
                .map(i -> i.get("call_id").asString())).allMatch(calls::contains);
        assertThat(text(requests.get(6).input().get(requests.get(6).input().size() - 2)))
                .contains("SUMMARY: two echoes");
    }

    @Test
    void remoteCompactionReplacesTheHistoryWithTheServersItems() throws Exception {
        harness.settings = settings(null, true);
        server.enqueue(Sse.response("r1").text("m1", "first answer").completed(),
                Reply.compacted(userItem("build a parser"), COMPACTION_ITEM),
                Sse.response("r2").text("m2", "continuing").completed());
        try (Session session = harness.start(work)) {
            ContextHarness.run(session, say("build a parser"));
            ContextHarness.run(session, new Op.Compact());
            ContextHarness.run(session, say("go on"));
        }
        List<CapturedRequest> requests = server.requests();
        assertThat(requests).extracting(CapturedRequest::path).containsExactly("/v1/responses",
                "/v1/responses/compact", "/v1/responses");
        JsonNode compactBody = requests.get(1).bodyJson();
        assertThat(compactBody.has("stream")).isFalse();
        List<JsonNode> firstWithAnswer = requests.get(1).input();
        assertThat(firstWithAnswer.subList(0, requests.get(0).input().size())).isEqualTo(requests.get(0).input());
        assertThat(text(firstWithAnswer.getLast())).isEqualTo("first answer");

        List<JsonNode> after = requests.get(2).input();
        assertThat(after.subList(0, 3)).isEqualTo(requests.get(0).input().subList(0, 3));
        assertThat(text(after.get(3))).isEqualTo("build a parser");
        assertThat(after.get(4).get("type").asString()).isEqualTo("compaction");
        assertThat(after.get(4).get("encrypted_content").asString()).isEqualTo("ENCRYPTED_SUMMARY");
        assertThat(text(after.get(5))).isEqualTo("go on");
        assertThat(after).hasSize(6);
    }

    @Test
    void contextLengthExceededCompactsOnceAndRetriesOnce() throws Exception {
        harness.settings = settings(null, true);
        server.enqueue(
                Reply.status(400, "{\"error\":{\"code\":\"context_length_exceeded\",\"message\":\"too long\"}}"),
                Reply.compacted(userItem("big question"), COMPACTION_ITEM),
                Sse.response("r1").text("m1", "fits now").completed());
        List<EventMsg> events;
        try (Session session = harness.start(work)) {
            events = ContextHarness.run(session, say("big question"));
        }
        assertThat(events).last().isEqualTo(new EventMsg.TaskComplete("fits now"));
        List<CapturedRequest> requests = server.requests();
        assertThat(requests).extracting(CapturedRequest::path).containsExactly("/v1/responses",
                "/v1/responses/compact", "/v1/responses");
        assertThat(requests.get(2).input()).extracting(i -> i.path("type").asString()).contains("compaction");
    }

    @Test
    void aSecondContextLengthErrorAfterCompactingEndsTheTurn() throws Exception {
        harness.settings = settings(null, true);
        String tooLong = "{\"error\":{\"code\":\"context_length_exceeded\",\"message\":\"too long\"}}";
        server.enqueue(Reply.status(400, tooLong), Reply.compacted(COMPACTION_ITEM), Reply.status(400, tooLong));
        List<EventMsg> events;
        try (Session session = harness.start(work)) {
            events = ContextHarness.run(session, say("big question"));
        }
        assertThat(events).last().isInstanceOf(EventMsg.Error.class);
        assertThat(server.requests()).hasSize(3);
    }

    @Test
    void autoCompactionRunsMidTurnWhenAToolOutputPushesThePromptPastTheLimit() throws Exception {
        harness.settings = settings(2_500L, false);
        // The limit sits just above the first prompt; the subagent tools' definitions would take it over.
        harness.extraToml = "[agents]\nenabled = false\n";
        server.enqueue(Sse.response("r1").functionCall("c1", "shell", "{\"command\":[\"seq\",\"1\",\"4000\"]}")
                        .completed(),
                Sse.response("r2").text("m2", "SUMMARY: counted to 4000").completed(),
                Sse.response("r3").text("m3", "the count ended at 4000").completed());
        List<EventMsg> events;
        try (Session session = harness.start(work)) {
            events = ContextHarness.run(session, say("count to 4000"));
        }
        assertThat(events).last().isEqualTo(new EventMsg.TaskComplete("the count ended at 4000"));
        assertThat(events).anySatisfy(e -> assertThat(e).isInstanceOfSatisfying(EventMsg.BackgroundEvent.class,
                b -> assertThat(b.message()).contains("compacted")));
        List<CapturedRequest> requests = server.requests();
        assertThat(requests).hasSize(3);
        assertThat(requests.get(1).bodyJson().get("tools")).isEmpty();
        List<JsonNode> after = requests.get(2).input();
        assertThat(after).extracting(ContextHarness::text).contains("count to 4000")
                .anySatisfy(t -> assertThat(t).contains("SUMMARY: counted to 4000"));
        assertThat(after).noneMatch(i -> "function_call_output".equals(i.path("type").asString()));
    }

    @Test
    void aResumeAfterCompactionSendsWhatTheLiveSessionWouldHave() throws Exception {
        harness.settings = settings(null, false);
        server.enqueue(Sse.response("r1").text("m1", "first answer").completed(),
                Sse.response("r2").text("m2", "SUMMARY: parser").completed(),
                Sse.response("r3").text("m3", "second answer").completed(),
                Sse.response("r4").text("m4", "resumed answer").completed());
        String id;
        try (Session session = harness.start(work)) {
            id = session.conversationId();
            ContextHarness.run(session, say("build a parser"));
            ContextHarness.run(session, new Op.Compact());
            ContextHarness.run(session, say("go on"));
        }
        Path rollout = Rollouts.findById(home, id).orElseThrow();
        assertThat(Files.readString(rollout)).contains("\"type\":\"compacted\"");
        try (Session resumed = harness.resume(id, work)) {
            ContextHarness.run(resumed, say("and then"));
        }
        List<CapturedRequest> requests = server.requests();
        List<JsonNode> live = requests.get(2).input();
        List<JsonNode> afterResume = requests.get(3).input();
        assertThat(afterResume.subList(0, live.size())).isEqualTo(live);
        assertThat(afterResume.subList(live.size(), afterResume.size())).extracting(ContextHarness::text)
                .containsExactly("second answer", "and then");
    }
}
