package dev.moka.core.session;

import static org.assertj.core.api.Assertions.assertThat;

import dev.moka.protocol.Event;
import dev.moka.protocol.EventMsg;
import dev.moka.protocol.Op;
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
            try (Session session = harness.open()) {
                id = session.conversationId();
                live = SessionHarness.turn(session, "greet");
                String dump = System.getProperty("moka.dumpRollout");
                if (dump != null) {
                    Path rollout = Rollouts.findById(harness.home, id).orElseThrow();
                    Files.writeString(Path.of(dump), Files.readString(rollout)
                            .replace(harness.cwd.toString(), FIXTURE_CWD));
                }
            }
            assertThat(live).hasAtLeastOneElementOfType(EventMsg.McpToolCallEnd.class)
                    .hasAtLeastOneElementOfType(EventMsg.PatchApplyEnd.class)
                    .hasAtLeastOneElementOfType(EventMsg.PlanUpdate.class);
        }
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
