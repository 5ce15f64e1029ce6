package dev.moka.core.session;

import static org.assertj.core.api.Assertions.assertThat;

import dev.moka.protocol.AskForApproval;
import dev.moka.protocol.EventMsg;
import dev.moka.protocol.InputItem;
import dev.moka.protocol.Op;
import dev.moka.protocol.ReviewDecision;
import dev.moka.testkit.CapturedRequest;
import dev.moka.testkit.MockResponsesServer;
import dev.moka.testkit.Sse;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Per-tool {@code approval_mode} through the session's approval flow. */
class McpApprovalSessionTest {
    private static final String MODES = """
            [mcp_servers.everything.tools.echo]
            approval_mode = "never"
            [mcp_servers.everything.tools.get-sum]
            approval_mode = "prompt"
            """;

    @TempDir
    Path dir;

    @Test
    void withNobodyToAskNeverRefusesPromptIsDeniedAndAutoRuns() throws Exception {
        try (MockResponsesServer server = MockResponsesServer.start()) {
            server.enqueue(Sse.response("r1").created()
                            .functionCall("c1", "mcp__everything", "echo", "{\"message\":\"x\"}")
                            .functionCall("c2", "mcp__everything", "get_sum", "{\"a\":1,\"b\":1}")
                            .functionCall("c3", "mcp__everything", "get_env", "{}").completed(),
                    Sse.response("r2").created().text("m1", "done").completed());
            var harness = new McpHarness(server, dir).everything("everything", MODES);
            List<EventMsg> events;
            try (Session session = harness.open()) {
                events = SessionHarness.turn(session, "go");
            }

            CapturedRequest second = harness.sampling().get(1);
            assertThat(McpHarness.output(second, "c1").get("output").asString()).isEqualTo("Not called:"
                    + " mcp__everything__echo is disabled by approval_mode = \"never\" in config.toml. Do without it,"
                    + " or ask the person to allow it.");
            assertThat(McpHarness.output(second, "c2").get("output").asString()).startsWith("This MCP tool call needs"
                    + " the person's approval (its approval_mode is \"prompt\"), but nobody can approve in this run");
            assertThat(McpHarness.output(second, "c3").get("output").asString()).doesNotContain("approval");
            assertThat(events).contains(new EventMsg.Warning("approval needed to call the MCP tool"
                    + " mcp__everything__get_sum (its approval_mode is \"prompt\"), but nobody can approve in this run:"
                    + " denied"));
        }
    }

    @Test
    void aPersonApprovesAPromptedCallThroughTheExecApprovalFlow() throws Exception {
        try (MockResponsesServer server = MockResponsesServer.start()) {
            server.enqueue(Sse.response("r1").created()
                            .functionCall("c1", "mcp__everything", "get_sum", "{\"a\":1,\"b\":1}").completed(),
                    Sse.response("r2").created().text("m1", "2").completed());
            var harness = new McpHarness(server, dir).everything("everything", MODES);
            harness.context.canAsk = true;
            harness.context.approval = AskForApproval.ON_REQUEST;
            try (Session session = harness.open()) {
                session.submit(new Op.UserInput(List.of(new InputItem.Text("add"))));
                EventMsg.ExecApprovalRequest request = (EventMsg.ExecApprovalRequest) McpHarness.until(session,
                        EventMsg.ExecApprovalRequest.class::isInstance).getLast();
                assertThat(request.callId()).isEqualTo("c1");
                assertThat(request.command()).containsExactly("mcp__everything__get_sum", "{\"a\":1,\"b\":1}");
                assertThat(request.reason()).isEqualTo("the MCP tool mcp__everything__get_sum needs approval: its"
                        + " approval_mode is \"prompt\"");
                session.submit(new Op.ExecApproval("c1", ReviewDecision.APPROVED));
                McpHarness.until(session, EventMsg.TaskComplete.class::isInstance);
            }

            assertThat(McpHarness.output(harness.sampling().get(1), "c1").get("output").asString())
                    .isEqualTo("The sum of 1 and 1 is 2.");
        }
    }
}
