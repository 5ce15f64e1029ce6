package dev.moka.core.session;

import static org.assertj.core.api.Assertions.assertThat;

import dev.moka.protocol.Event;
import dev.moka.protocol.EventMsg;
import dev.moka.protocol.Op;
import dev.moka.protocol.PlanItem;
import dev.moka.protocol.StepStatus;
import dev.moka.testkit.MockResponsesServer;
import dev.moka.testkit.Sse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A resumed session shows what the live one showed: the events a face got during a turn with a command, a patch,
 * a plan, an MCP call and a code-mode script are the ones {@code GetHistory} answers with, live and after resume.
 */
class ResumeShowsWhatWasLiveTest {
    /** Where the fixture's rollout ran; a test puts its own working directory in its place. */
    static final String FIXTURE_CWD = "/fixture/work";

    @TempDir
    Path dir;

    static final String PATCH = "*** Begin Patch\n*** Update File: greet.txt\n@@\n-hello\n+hello, moka\n*** End Patch\n";
    static final String SCRIPT = "const out = await tools.exec_command({cmd: \"cat greet.txt\"});\ntext(out.output);\n";

    /** One turn doing each kind of call: the code-mode model calls the tools directly and from a script. */
    static void enqueueTheTurn(MockResponsesServer server) {
        server.enqueue(Sse.response("r1").created()
                        .functionCall("c1", "exec_command", "{\"cmd\":\"echo hi\"}")
                        .customToolCall("c2", "apply_patch", PATCH)
                        .functionCall("c3", "update_plan", "{\"plan\":[{\"step\":\"greet\",\"status\":\"completed\"}]}")
                        .functionCall("c4", "mcp__everything", "get_sum", "{\"a\":2,\"b\":3}").completed(),
                Sse.response("r2").created().customToolCall("c5", "functions", "exec", SCRIPT).completed(),
                Sse.response("r3").created().text("m1", "done").completed());
    }

    static McpHarness harness(MockResponsesServer server, Path dir) throws Exception {
        McpHarness harness = new McpHarness(server, dir).everything("everything", "");
        harness.context.model = "gpt-6.1-sol";
        Files.writeString(harness.cwd.resolve("greet.txt"), "hello\n");
        return harness;
    }

    @Test
    void aTurnLiveAndResumedShowsTheSameEvents() throws Exception {
        try (MockResponsesServer server = MockResponsesServer.start()) {
            enqueueTheTurn(server);
            McpHarness harness = harness(server, dir);
            String id;
            List<EventMsg> live;
            List<EventMsg> historyLive;
            try (Session session = harness.open()) {
                id = session.conversationId();
                live = SessionHarness.turn(session, "greet");
                historyLive = history(session).events();
                String dump = System.getProperty("moka.dumpRollout");
                if (dump != null) {
                    Path rollout = Rollouts.findById(harness.home, id).orElseThrow();
                    Files.writeString(Path.of(dump), Files.readString(rollout)
                            .replace(harness.cwd.toString(), FIXTURE_CWD));
                }
            }
            List<EventMsg> resumed;
            try (Session session = harness.context.resume(id, harness.cwd)) {
                resumed = history(session).events();
            }
            List<EventMsg> shownLive = fromTheTurn(live.stream().filter(ResumeShowsWhatWasLiveTest::appliedAgain)
                    .toList());
            assertThat(shownLive).hasAtLeastOneElementOfType(EventMsg.McpToolCallEnd.class)
                    .hasAtLeastOneElementOfType(EventMsg.PatchApplyEnd.class)
                    .hasAtLeastOneElementOfType(EventMsg.PlanUpdate.class)
                    .anySatisfy(e -> assertThat(e).isInstanceOfSatisfying(EventMsg.ExecCommandEnd.class,
                            end -> assertThat(end.callId()).isEqualTo("c5/1")));
            assertThat(fromTheTurn(historyLive)).isEqualTo(shownLive);
            assertThat(fromTheTurn(resumed)).isEqualTo(shownLive);
        }
    }

    @Test
    void aRolloutOfThePreviousVersionResumesAndShowsItsConversation() throws Exception {
        try (MockResponsesServer server = MockResponsesServer.start()) {
            ContextHarness harness = new ContextHarness(server, dir.resolve("home"));
            harness.model = "gpt-6.1-sol";
            Path cwd = Files.createDirectories(dir.resolve("work"));
            String id = "01a21c59-5b71-7d88-9f3c-b7aecb3f3a3b";
            Path day = Files.createDirectories(dir.resolve("home/sessions/2026/11/27"));
            try (var in = getClass().getResourceAsStream("previous-version-rollout.jsonl")) {
                Files.writeString(day.resolve("rollout-2026-11-27T09-32-27-" + id + ".jsonl"),
                        new String(in.readAllBytes(), java.nio.charset.StandardCharsets.UTF_8)
                                .replace(FIXTURE_CWD, cwd.toString()));
            }
            server.enqueue(Sse.response("r4").created().text("m2", "still here").completed());
            try (Session session = harness.resume(id, cwd)) {
                List<EventMsg> shown = history(session).events();
                assertThat(shown.getFirst()).isInstanceOf(EventMsg.TaskStarted.class);
                assertThat(shown.get(1)).isEqualTo(new EventMsg.UserMessage("greet", List.of()));
                assertThat(shown).filteredOn(EventMsg.ExecCommandEnd.class::isInstance)
                        .extracting(e -> ((EventMsg.ExecCommandEnd) e).aggregatedOutput())
                        .containsExactly("hi\n", "hello, moka\n");
                assertThat(shown).anySatisfy(e -> assertThat(e).isInstanceOfSatisfying(EventMsg.PatchApplyEnd.class,
                        end -> assertThat(end.success()).isTrue()));
                assertThat(shown).contains(new EventMsg.PlanUpdate(null,
                        List.of(new PlanItem("greet", StepStatus.COMPLETED))));
                assertThat(shown).anySatisfy(e -> assertThat(e).isInstanceOfSatisfying(EventMsg.McpToolCallEnd.class,
                        end -> assertThat(end.server() + "." + end.tool()).isEqualTo("everything.get-sum")));
                assertThat(shown).endsWith(new EventMsg.AgentMessage("done"), new EventMsg.TaskComplete("done"));
                assertThat(SessionHarness.turn(session, "and now?")).last()
                        .isEqualTo(new EventMsg.TaskComplete("still here"));
            }
        }
    }

    /** Whether a face is given {@code event} again with the history (see {@link RecordedEvents}). */
    private static boolean appliedAgain(EventMsg event) {
        return switch (event) {
            case EventMsg.AgentMessageDelta _, EventMsg.AgentReasoningDelta _,
                    EventMsg.AgentReasoningRawContentDelta _, EventMsg.ExecCommandOutputDelta _,
                    EventMsg.SessionConfigured _, EventMsg.TokenCount _, EventMsg.ExecApprovalRequest _,
                    EventMsg.ApplyPatchApprovalRequest _ -> false;
            default -> true;
        };
    }

    /** The events from the turn's prompt on: what the session said on opening is not this test's. */
    private static List<EventMsg> fromTheTurn(List<EventMsg> events) {
        int start = events.indexOf(new EventMsg.UserMessage("greet", List.of()));
        assertThat(start).as("the turn's user_message in " + events).isNotNegative();
        return events.subList(start, events.size());
    }

    /** The answer to {@code GetHistory}. */
    static EventMsg.ConversationHistoryResponse history(Session session) throws InterruptedException {
        session.submit(new Op.GetHistory());
        while (true) {
            Event event = session.pollEvent(30, TimeUnit.SECONDS);
            assertThat(event).as("the answer to GetHistory").isNotNull();
            if (event.msg() instanceof EventMsg.ConversationHistoryResponse history) {
                return history;
            }
        }
    }
}
