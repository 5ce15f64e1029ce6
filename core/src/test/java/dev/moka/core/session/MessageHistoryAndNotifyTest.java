package dev.moka.core.session;

import static dev.moka.core.session.ContextPrefixTest.say;
import static org.assertj.core.api.Assertions.assertThat;

import dev.moka.core.config.ContextSettings;
import dev.moka.protocol.Event;
import dev.moka.protocol.EventMsg;
import dev.moka.protocol.Json;
import dev.moka.protocol.Op;
import dev.moka.testkit.MockResponsesServer;
import dev.moka.testkit.Sse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

class MessageHistoryAndNotifyTest {
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

    static ContextSettings history(boolean persist, long maxBytes, List<String> notify) {
        return new ContextSettings(0, List.of(), List.of(".git"), null, null, null, persist, maxBytes, notify, true);
    }

    @Test
    void eachUserMessageIsAppendedToHistoryJsonlAndServedBack() throws Exception {
        harness.settings = history(true, 0, List.of());
        server.enqueue(Sse.response("r1").text("m1", "a").completed(), Sse.response("r2").text("m2", "b").completed());
        String id;
        try (Session session = harness.start(work)) {
            id = session.conversationId();
            ContextHarness.run(session, say("first message"));
            ContextHarness.run(session, say("second message"));
            session.submit(new Op.AddToHistory("typed but not sent"));
            long logId = ((Number) Files.getAttribute(home.resolve("history.jsonl"), "unix:ino")).longValue();
            session.submit(new Op.GetHistoryEntryRequest(1, logId));
            EventMsg.GetHistoryEntryResponse response = next(session, EventMsg.GetHistoryEntryResponse.class);
            assertThat(response.entry().get("text").asString()).isEqualTo("second message");
            session.submit(new Op.GetHistory());
            EventMsg.ConversationHistoryResponse conversation = next(session,
                    EventMsg.ConversationHistoryResponse.class);
            assertThat(conversation.entries()).extracting(e -> e.path("role").asString()).contains("user",
                    "assistant");
        }
        List<String> lines = Files.readAllLines(home.resolve("history.jsonl"));
        assertThat(lines).hasSize(3);
        JsonNode first = Json.parse(lines.getFirst());
        assertThat(first.get("session_id").asString()).isEqualTo(id);
        assertThat(first.get("text").asString()).isEqualTo("first message");
        assertThat(first.get("ts").asLong()).isPositive();
        assertThat(Json.parse(lines.get(2)).get("text").asString()).isEqualTo("typed but not sent");
    }

    @Test
    void historyIsTrimmedToMaxBytesKeepingTheNewestLines() throws Exception {
        var file = home.resolve("history.jsonl");
        var history = new MessageHistory(file, true, 400);
        for (int i = 0; i < 20; i++) {
            history.append("s", "message number " + i);
        }
        List<String> lines = Files.readAllLines(file);
        assertThat(Files.size(file)).isLessThanOrEqualTo(400);
        assertThat(Json.parse(lines.getLast()).get("text").asString()).isEqualTo("message number 19");
        assertThat(lines).allSatisfy(line -> assertThat(Json.parse(line).has("text")).isTrue());
    }

    @Test
    void persistenceNoneWritesNothing() throws Exception {
        harness.settings = history(false, 0, List.of());
        server.enqueue(Sse.response("r1").text("m1", "a").completed());
        try (Session session = harness.start(work)) {
            ContextHarness.run(session, say("secret plans"));
        }
        assertThat(home.resolve("history.jsonl")).doesNotExist();
    }

    @Test
    void notifyRunsAfterEachTurnWithTheTurnAsJsonAndItsFailureIsNotFatal() throws Exception {
        Path out = work.resolve("notified.json");
        harness.settings = history(true, 0, List.of("sh", "-c", "printf '%s' \"$0\" > " + out));
        server.enqueue(Sse.response("r1").text("m1", "all done").completed());
        String id;
        try (Session session = harness.start(work)) {
            id = session.conversationId();
            ContextHarness.run(session, say("do it"));
        }
        for (int i = 0; i < 500 && (!Files.exists(out) || Files.size(out) == 0); i++) {
            Thread.sleep(10);
        }
        JsonNode payload = Json.parse(Files.readString(out));
        assertThat(payload.get("type").asString()).isEqualTo("agent-turn-complete");
        assertThat(payload.get("thread-id").asString()).isEqualTo(id);
        assertThat(payload.get("cwd").asString()).isEqualTo(work.toString());
        assertThat(payload.get("input-messages").get(0).asString()).isEqualTo("do it");
        assertThat(payload.get("last-assistant-message").asString()).isEqualTo("all done");

        harness.settings = history(true, 0, List.of(work.resolve("no-such-program").toString()));
        server.enqueue(Sse.response("r2").text("m2", "fine").completed());
        try (Session session = harness.start(work)) {
            assertThat(ContextHarness.run(session, say("again"))).last().isEqualTo(new EventMsg.TaskComplete("fine"));
        }
        assertThat(Files.readString(home.resolve("log/moka.log"))).contains("notify: cannot run");
    }

    private static <T extends EventMsg> T next(Session session, Class<T> type) throws InterruptedException {
        while (true) {
            Event event = session.pollEvent(30, TimeUnit.SECONDS);
            if (event == null) {
                throw new AssertionError("no " + type.getSimpleName() + " within 30 s");
            }
            if (type.isInstance(event.msg())) {
                return type.cast(event.msg());
            }
        }
    }
}
