package dev.moka.core.session;

import static org.assertj.core.api.Assertions.assertThat;

import dev.moka.protocol.AskForApproval;
import dev.moka.protocol.Event;
import dev.moka.protocol.EventMsg;
import dev.moka.protocol.InputItem;
import dev.moka.protocol.Json;
import dev.moka.protocol.Op;
import dev.moka.protocol.ReasoningSummary;
import dev.moka.protocol.SandboxPolicy;
import dev.moka.core.tools.TypedTool;
import dev.moka.core.tools.ToolCall;
import dev.moka.core.tools.ToolContext;
import dev.moka.core.tools.ToolResult;
import dev.moka.testkit.CapturedRequest;
import dev.moka.testkit.Reply;
import dev.moka.testkit.Sse;
import dev.moka.testkit.TinyDisk;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;
import tools.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/** Turns queued behind each other keep their own context, and an interrupt stops only the running one. */
class TaskModelTest extends SessionFixture {
    @Test
    void twoQueuedTurnsWithDifferentModelsEachSendTheirOwnModel() throws Exception {
        server.enqueue(
                // The first turn is slow, so both UserTurns are queued behind it before either starts.
                Sse.response("r0").text("m0", "zero done").completed().stallAfter(1, Duration.ofMillis(500)),
                Sse.response("r1").text("m1", "one done").completed(),
                Sse.response("r2").text("m2", "two done").completed());
        try (Session session = SessionHarness.start(server, home, cwd, "gpt-5.1-codex")) {
            session.submit(new Op.UserInput(List.of(new InputItem.Text("zero"))));
            session.submit(userTurn("one", "gpt-5.1"));
            session.submit(userTurn("two", "gpt-5.2"));
            List<EventMsg> events = until(session, 3, EventMsg.TaskComplete.class::isInstance);
            assertThat(events).filteredOn(EventMsg.TaskComplete.class::isInstance)
                    .extracting(e -> ((EventMsg.TaskComplete) e).lastAgentMessage())
                    .containsExactly("zero done", "one done", "two done");
        }
        assertThat(server.requests()).extracting(r -> r.bodyJson().get("model").asString())
                .containsExactly("gpt-5.1-codex", "gpt-5.1", "gpt-5.2");
    }

    @Test
    void anInterruptDuringTurnOneLeavesTheQueuedTurnTwoIntact() throws Exception {
        server.enqueue(
                Sse.response("r1").functionCall("call_1", "shell", "{\"command\":[\"sleep\",\"30\"]}").completed(),
                Sse.response("r2").text("m2", "two done").completed());
        try (Session session = SessionHarness.start(server, home, cwd, "gpt-5.1-codex")) {
            session.submit(new Op.UserInput(List.of(new InputItem.Text("one"))));
            until(session, 1, EventMsg.ExecCommandBegin.class::isInstance);
            session.submit(new Op.UserInput(List.of(new InputItem.Text("two"))));
            session.submit(new Op.Interrupt());
            List<EventMsg> events = until(session, 1, EventMsg.TaskComplete.class::isInstance);
            assertThat(events).filteredOn(e -> e instanceof EventMsg.TurnAborted).hasSize(1);
            assertThat(events).noneMatch(EventMsg.Error.class::isInstance);
            assertThat(events).last().isEqualTo(new EventMsg.TaskComplete("two done"));
        }
        List<CapturedRequest> requests = server.requests();
        assertThat(requests).hasSize(2);
        List<JsonNode> second = requests.get(1).input();
        JsonNode output = second.stream().filter(i -> i.path("type").asString("").equals("function_call_output"))
                .findFirst().orElseThrow();
        assertThat(output.get("call_id").asString()).isEqualTo("call_1");
        assertThat(output.get("output").asString()).startsWith("aborted");
        assertThat(ContextHarness.text(second.getLast())).isEqualTo("two");
    }

    @Test
    void aRolloutThatCannotBeWrittenMidTurnEndsTheTurnWithAWarningAndTheFinalAnswer() throws Exception {
        try (TinyDisk disk = TinyDisk.mount(home, 256)) {
            Path mokaHome = disk.dir().resolve("moka");
            Path filler = disk.dir().resolve("filler");
            server.enqueue(
                    Sse.response("r1").functionCall("call_1", "shell", "{\"command\":[\"sh\",\"-c\",\"head -c 1000000 "
                            + "/dev/zero > " + filler + "; head -c 9000 /dev/zero | tr '\\\\0' x\"]}").completed(),
                    Sse.response("r2").text("m2", "all done").completed(),
                    Sse.response("r3").text("m3", "resumed fine").completed());
            String id;
            try (Session session = SessionHarness.start(server, mokaHome, cwd, "gpt-5.1-codex")) {
                id = session.conversationId();
                List<EventMsg> events = SessionHarness.turn(session, "fill the disk");
                assertThat(events).last().isEqualTo(new EventMsg.TaskComplete("all done"));
                assertThat(events).filteredOn(EventMsg.Warning.class::isInstance)
                        .extracting(e -> ((EventMsg.Warning) e).message())
                        .filteredOn(m -> m.contains("rollout")).hasSize(1)
                        .allSatisfy(m -> assertThat(m).contains("No space left"));
            }
            Files.delete(filler);
            try (Session resumed = SessionHarness.resume(server, mokaHome, cwd, "gpt-5.1-codex", id)) {
                assertThat(SessionHarness.turn(resumed, "again")).last()
                        .isEqualTo(new EventMsg.TaskComplete("resumed fine"));
            }
            List<JsonNode> resumedInput = server.requests().get(2).input();
            assertThat(ContextHarness.text(resumedInput.getLast())).isEqualTo("again");
            // Whatever part of the first turn was lost, every call the model sees again has its output.
            long calls = resumedInput.stream().filter(i -> i.path("type").asString("").equals("function_call")).count();
            long outputs = resumedInput.stream()
                    .filter(i -> i.path("type").asString("").equals("function_call_output")).count();
            assertThat(outputs).isEqualTo(calls);
        }
    }

    @Test
    void twoSessionsLiveInOneProcessEachWithItsOwnConversation() throws Exception {
        server.enqueue(Sse.response("r1").text("m1", "an answer").completed(),
                Sse.response("r2").text("m2", "an answer").completed());
        var harness = new ContextHarness(server, home);
        try (Session first = harness.start(cwd); Session second = harness.start(cwd)) {
            first.submit(new Op.UserInput(List.of(new InputItem.Text("to the first"))));
            second.submit(new Op.UserInput(List.of(new InputItem.Text("to the second"))));
            assertThat(until(first, 1, EventMsg.TaskComplete.class::isInstance)).last()
                    .isEqualTo(new EventMsg.TaskComplete("an answer"));
            assertThat(until(second, 1, EventMsg.TaskComplete.class::isInstance)).last()
                    .isEqualTo(new EventMsg.TaskComplete("an answer"));
            assertThat(server.requests()).extracting(r -> r.bodyJson().get("prompt_cache_key").asString())
                    .containsExactlyInAnyOrder(first.conversationId(), second.conversationId());
            assertThat(first.conversationId()).isNotEqualTo(second.conversationId());
        }
    }

    @Test
    void aBugInsideATurnEndsThatTurnWithAnErrorLogsItsStackTraceAndTheSessionGoesOn() throws Exception {
        server.enqueue(
                Sse.response("r1").functionCall("call_1", "buggy", "{}").completed(),
                Sse.response("r2").text("m2", "still here").completed());
        try (Session session = SessionHarness.startWithTools(server, home, cwd, "gpt-5.1-codex",
                List.of(new BuggyTool().asTool()))) {
            List<EventMsg> first = SessionHarness.turn(session, "call the buggy tool");
            assertThat(first).last().isInstanceOfSatisfying(EventMsg.Error.class, e -> assertThat(e.message())
                    .contains("internal error", "tool bug", home.resolve("log").resolve("moka.log").toString()));
            assertThat(SessionHarness.turn(session, "are you there")).last()
                    .isEqualTo(new EventMsg.TaskComplete("still here"));
        }
        JsonNode answered = server.requests().get(1).input().stream()
                .filter(i -> i.path("type").asString("").equals("function_call_output")).findFirst().orElseThrow();
        assertThat(answered.get("output").asString()).startsWith("aborted: the turn ended with an error");
        assertThat(Files.readString(home.resolve("log").resolve("moka.log")))
                .contains("java.lang.AssertionError: tool bug", "at dev.moka.core.session.TaskModelTest$BuggyTool");
    }

    @Test
    void aFailedModelCallIsLoggedWithTheIdOfItsRequestAndNoSecret() throws Exception {
        server.enqueue(Reply.status(400, "{\"error\":{\"message\":\"no such model, key " + SessionHarness.API_KEY
                + "\",\"type\":\"invalid_request_error\"}}"));
        try (Session session = SessionHarness.start(server, home, cwd, "gpt-5.1-codex")) {
            assertThat(SessionHarness.turn(session, "hello")).last().isInstanceOf(EventMsg.Error.class);
        }
        String clientRequestId = server.requests().getFirst().header("x-client-request-id");
        String log = Files.readString(home.resolve("log").resolve("moka.log"));
        assertThat(log).contains("model call failed", "x-client-request-id " + clientRequestId)
                .doesNotContain(SessionHarness.API_KEY);
    }

    /** A tool with a bug that no tool error handling expects: an Error, not an exception. */
    private static final class BuggyTool implements TypedTool<BuggyTool.NoParams> {
        record NoParams() {}

        @Override
        public String name() {
            return "buggy";
        }

        @Override
        public String description() {
            return "Has a bug.";
        }

        @Override
        public Class<NoParams> parametersType() {
            return NoParams.class;
        }

        @Override
        public ObjectNode parametersSchema() {
            return Json.object().put("type", "object");
        }

        @Override
        public ToolResult call(NoParams params, ToolCall call, ToolContext context) {
            throw new AssertionError("tool bug");
        }
    }

    private Op.UserTurn userTurn(String text, String model) {
        return new Op.UserTurn(List.of(new InputItem.Text(text)), cwd, AskForApproval.NEVER,
                SandboxPolicy.workspaceWrite(), model, null, ReasoningSummary.AUTO);
    }

    /** Events up to the {@code count}-th that matches {@code end}. */
    private static List<EventMsg> until(Session session, int count, Predicate<EventMsg> end)
            throws InterruptedException {
        List<EventMsg> events = new ArrayList<>();
        int seen = 0;
        while (seen < count) {
            Event event = session.pollEvent(30, TimeUnit.SECONDS);
            if (event == null) {
                throw new AssertionError("no event within 30 s; got so far: " + events);
            }
            events.add(event.msg());
            if (end.test(event.msg())) {
                seen++;
            }
        }
        return events;
    }
}
