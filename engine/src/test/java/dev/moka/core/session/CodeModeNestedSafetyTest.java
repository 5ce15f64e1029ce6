package dev.moka.core.session;

import static org.assertj.core.api.Assertions.assertThat;

import dev.moka.protocol.AskForApproval;
import dev.moka.protocol.EventMsg;
import dev.moka.protocol.Op;
import dev.moka.protocol.ReviewDecision;
import dev.moka.protocol.SandboxMode;
import dev.moka.testkit.Sse;
import java.util.List;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/**
 * What a script's nested calls go through, in real sessions: an MCP server's tool, the sandbox, and the
 * person's approval, exactly as a direct call would.
 */
class CodeModeNestedSafetyTest extends SessionFixture {
    private static Sse exec(String id, String callId, String script) {
        return Sse.response(id).customToolCall(callId, "functions", "exec", script).completed();
    }

    private static Sse done(String id) {
        return Sse.response(id).text("m_" + id, "done").completed();
    }

    private ContextHarness harness(AskForApproval policy, SandboxMode mode, boolean canAsk) {
        var harness = new ContextHarness(server, home);
        harness.model = "gpt-6.1-sol";
        harness.approval = policy;
        harness.sandbox = mode;
        harness.canAsk = canAsk;
        return harness;
    }

    /** The text items Moka answered {@code callId} with, in the last request to the model. */
    private List<String> outputTexts(String callId) {
        for (JsonNode item : server.requests().getLast().input()) {
            if (callId.equals(item.path("call_id").asString(null)) && item.path("type").asString().endsWith("_output")) {
                return ContextHarness.outputTexts(item);
            }
        }
        throw new AssertionError("no output for " + callId);
    }

    @Test
    void anMcpToolCalledFromAScriptReturnsItsCallToolResultAndIsShownAsAnMcpCall() throws Exception {
        String script = """
                const sum = await tools.mcp__everything__get_sum({a: 2, b: 3});
                text(sum.content[0].text);
                const echo = await tools.mcp__everything__echo({message: "from a script"});
                text(echo.content[0].text);
                """;
        server.enqueue(exec("r1", "c1", script), done("r2"));
        var mcp = new McpHarness(server, home.resolve("mcp")).everything("everything", "");
        mcp.context.model = "gpt-6.1-sol";
        List<EventMsg> events;
        try (Session session = mcp.open()) {
            events = SessionHarness.turn(session, "add 2 and 3");
        }
        List<String> texts = outputTexts("c1");
        assertThat(texts.getFirst()).startsWith("Script completed\n");
        assertThat(texts.subList(1, texts.size())).containsExactly("The sum of 2 and 3 is 5.", "Echo: from a script");
        JsonNode exec = mcp.sampling().getFirst().bodyJson().get("input").get(0).get("tools").get(0).get("tools").get(0);
        assertThat(exec.get("description").asString()).contains("mcp__everything__get_sum(args: {");
        List<EventMsg.McpToolCallBegin> begins = events.stream().filter(EventMsg.McpToolCallBegin.class::isInstance)
                .map(EventMsg.McpToolCallBegin.class::cast).toList();
        assertThat(begins).extracting(EventMsg.McpToolCallBegin::tool).containsExactly("get-sum", "echo");
        assertThat(begins.getFirst().server()).isEqualTo("everything");
        assertThat(events).filteredOn(EventMsg.McpToolCallEnd.class::isInstance).hasSize(2);
    }

    @Test
    void aWriteTheReadOnlySandboxRefusesReachesTheScriptAndWritesNothing() throws Exception {
        String script = """
                const r = await tools.exec_command({cmd: "echo written > marker.txt"});
                text("exit " + r.exit_code);
                text(r.output);
                """;
        server.enqueue(exec("r1", "c1", script), done("r2"));
        List<EventMsg> events;
        try (Session session = harness(AskForApproval.NEVER, SandboxMode.READ_ONLY, false).start(cwd)) {
            events = SessionHarness.turn(session, "write a file");
        }
        assertThat(cwd.resolve("marker.txt")).doesNotExist();
        List<String> texts = outputTexts("c1");
        assertThat(texts.getFirst()).startsWith("Script completed\n");
        assertThat(texts.get(1)).isNotEqualTo("exit 0").startsWith("exit ");
        assertThat(texts.get(2)).containsIgnoringCase("read-only");
        assertThat(events).filteredOn(EventMsg.ExecApprovalRequest.class::isInstance).isEmpty();
        assertThat(events).filteredOn(EventMsg.ExecCommandEnd.class::isInstance).singleElement()
                .satisfies(end -> assertThat(((EventMsg.ExecCommandEnd) end).exitCode()).isNotZero());
    }

    @Test
    void aNestedCommandThatNeedsApprovalAsksThePersonWithTheCommandAndTheDecisionHolds() throws Exception {
        for (ReviewDecision decision : List.of(ReviewDecision.DENIED, ReviewDecision.APPROVED)) {
            String file = "made-" + decision.wire();
            String script = """
                    try {
                      const r = await tools.exec_command({cmd: "touch %s"});
                      text("ran, exit " + r.exit_code);
                    } catch (e) {
                      text("refused: " + e.message);
                    }
                    """.formatted(file);
            server.enqueue(exec("r1", "c1", script), done("r2"));
            List<EventMsg> events;
            try (Session session = harness(AskForApproval.UNTRUSTED, SandboxMode.WORKSPACE_WRITE, true).start(cwd)) {
                events = SessionHarness.answering(session, decision);
            }
            List<EventMsg.ExecApprovalRequest> asked = events.stream()
                    .filter(EventMsg.ExecApprovalRequest.class::isInstance).map(EventMsg.ExecApprovalRequest.class::cast)
                    .toList();
            assertThat(asked).as(decision.wire()).singleElement()
                    .satisfies(request -> assertThat(String.join(" ", request.command())).contains("touch " + file));
            assertThat(events.getLast()).isInstanceOf(EventMsg.TaskComplete.class);
            String said = outputTexts("c1").get(1);
            if (decision == ReviewDecision.APPROVED) {
                assertThat(cwd.resolve(file)).exists();
                assertThat(said).isEqualTo("ran, exit 0");
            } else {
                assertThat(cwd.resolve(file)).doesNotExist();
                assertThat(said).startsWith("refused: ").containsIgnoringCase("denied");
            }
        }
    }

    @Test
    void aScriptLeftRunningActsOnlyForTheTurnThatWaitsOnItUnderThatTurnsPolicy() throws Exception {
        // The script waits until a later turn's script releases it, so its command comes after its own turn ended.
        String parked = """
                // @exec: {"yield_time_ms": 0}
                while (load('go') === undefined) { await new Promise(r => setTimeout(r, 20)); }
                const r = await tools.exec_command({cmd: "touch parked.txt"});
                text("exit " + r.exit_code);
                """;
        server.enqueue(exec("r1", "c1", parked), done("r2"),
                exec("r3", "c2", "store('go', true);\ntext('released');"),
                Sse.response("r4").functionCall("w1", "functions", "wait", "{\"cell_id\": \"1\"}").completed(),
                done("r5"));
        List<EventMsg> later;
        try (Session session = harness(AskForApproval.ON_REQUEST, SandboxMode.WORKSPACE_WRITE, true).start(cwd)) {
            List<EventMsg> first = SessionHarness.turn(session, "start it");
            assertThat(outputTexts("c1").getFirst()).startsWith("Script running with cell ID 1");
            assertThat(first).noneMatch(EventMsg.ExecCommandBegin.class::isInstance);
            // Writing in the workspace was allowed without asking when the script started; now it must be asked.
            session.submit(new Op.OverrideTurnContext(null, AskForApproval.UNTRUSTED, null, null, null, null));
            later = SessionHarness.answering(session, ReviewDecision.APPROVED, () -> assertThat(cwd.resolve("parked.txt"))
                    .as("nothing runs before the person approves").doesNotExist());
        }
        List<EventMsg.ExecApprovalRequest> asked = later.stream().filter(EventMsg.ExecApprovalRequest.class::isInstance)
                .map(EventMsg.ExecApprovalRequest.class::cast).toList();
        assertThat(asked).singleElement().satisfies(r -> assertThat(String.join(" ", r.command())).contains("touch parked.txt"));
        assertThat(cwd.resolve("parked.txt")).exists();
        List<String> waited = outputTexts("w1");
        assertThat(waited.getFirst()).startsWith("Script completed\n");
        assertThat(waited).contains("exit 0");
    }

}
