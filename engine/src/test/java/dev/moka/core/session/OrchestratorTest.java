package dev.moka.core.session;

import static org.assertj.core.api.Assertions.assertThat;

import dev.moka.protocol.AskForApproval;
import dev.moka.protocol.EventMsg;
import dev.moka.protocol.Op;
import dev.moka.protocol.ReviewDecision;
import dev.moka.protocol.SandboxMode;
import dev.moka.testkit.Sse;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Every kind of action (shell, exec_command, the person's {@code !cmd}, apply_patch, an MCP tool, a script's
 * nested calls) goes through the one orchestrator, so each shows the person the same approval request and
 * the same begin and end around what ran, and each meets the same sandbox.
 */
class OrchestratorTest extends SessionFixture {
    private static final String PATCH = """
            *** Begin Patch
            *** Add File: by-patch.txt
            +patched
            *** End Patch
            """;
    private static final String PROMPTED = """
            [mcp_servers.everything.tools.get-sum]
            approval_mode = "prompt"
            """;

    /** What a call showed, in order: "asked" (an approval request), "begin" and "end" (of whatever ran). */
    private static List<String> shown(List<EventMsg> events, String callId) {
        List<String> shown = new ArrayList<>();
        for (EventMsg event : events) {
            String kind = switch (event) {
                case EventMsg.ExecApprovalRequest r when r.callId().equals(callId) -> "asked";
                case EventMsg.ApplyPatchApprovalRequest r when r.callId().equals(callId) -> "asked";
                case EventMsg.ExecCommandBegin b when b.callId().equals(callId) -> "begin";
                case EventMsg.PatchApplyBegin b when b.callId().equals(callId) -> "begin";
                case EventMsg.McpToolCallBegin b when b.callId().equals(callId) -> "begin";
                case EventMsg.ExecCommandEnd e when e.callId().equals(callId) -> "end";
                case EventMsg.PatchApplyEnd e when e.callId().equals(callId) -> "end";
                case EventMsg.McpToolCallEnd e when e.callId().equals(callId) -> "end";
                default -> null;
            };
            if (kind != null) {
                shown.add(kind);
            }
        }
        return shown;
    }

    /** The approval comes before anything ends, once; an MCP call is shown as begun while it is asked about. */
    private static void askedThenRan(List<EventMsg> events, String callId) {
        List<String> shown = shown(events, callId);
        assertThat(shown).as(callId).containsExactlyInAnyOrder("asked", "begin", "end");
        assertThat(shown.indexOf("asked")).as(callId).isLessThan(shown.indexOf("end"));
    }

    private static <T> List<T> of(List<EventMsg> events, Class<T> type) {
        return events.stream().filter(type::isInstance).map(type::cast).toList();
    }

    @Test
    void shellPatchAndMcpCallsAreAskedAboutAlikeAndThePersonsCommandIsNot() throws Exception {
        server.enqueue(Sse.response("r1").created()
                        .functionCall("c_shell", "shell", "{\"command\":[\"touch\",\"by-shell\"]}")
                        .customToolCall("c_patch", "apply_patch", PATCH)
                        .functionCall("c_mcp", "mcp__everything", "get_sum", "{\"a\":1,\"b\":2}").completed(),
                Sse.response("r2").created().text("m1", "done").completed());
        var mcp = new McpHarness(server, home.resolve("classic")).everything("everything", PROMPTED);
        mcp.context.approval = AskForApproval.UNTRUSTED;
        mcp.context.sandbox = SandboxMode.WORKSPACE_WRITE;
        mcp.context.canAsk = true;
        List<EventMsg> events;
        List<EventMsg> personal;
        try (Session session = mcp.open()) {
            events = SessionHarness.answering(session, ReviewDecision.APPROVED);
            personal = ContextHarness.run(session, new Op.RunUserShellCommand("touch by-person"));
        }
        for (String callId : List.of("c_shell", "c_patch", "c_mcp")) {
            askedThenRan(events, callId);
        }
        assertThat(mcp.cwd.resolve("by-shell")).exists();
        assertThat(mcp.cwd.resolve("by-patch.txt")).hasContent("patched");
        assertThat(of(personal, EventMsg.ExecApprovalRequest.class)).isEmpty();
        String personalId = of(personal, EventMsg.ExecCommandBegin.class).getFirst().callId();
        assertThat(shown(personal, personalId)).containsExactly("begin", "end");
        assertThat(mcp.cwd.resolve("by-person")).exists();
    }

    @Test
    void execCommandAndAScriptsNestedCallsAreAskedAboutLikeTheRest() throws Exception {
        server.enqueue(Sse.response("r1").functionCall("c_exec", "exec_command", "{\"cmd\":\"touch by-exec\"}")
                        .completed(),
                Sse.response("r2").text("m1", "done").completed());
        var harness = new ContextHarness(server, home);
        harness.approval = AskForApproval.UNTRUSTED;
        harness.sandbox = SandboxMode.WORKSPACE_WRITE;
        harness.canAsk = true;
        harness.extraToml = "tools.shell_type = \"exec_command\"\n";
        try (Session session = harness.start(cwd)) {
            askedThenRan(SessionHarness.answering(session, ReviewDecision.APPROVED), "c_exec");
        }
        assertThat(cwd.resolve("by-exec")).exists();

        String script = """
                await tools.exec_command({cmd: "touch by-script"});
                const sum = await tools.mcp__everything__get_sum({a: 2, b: 3});
                text(sum.content[0].text);
                """;
        server.enqueue(Sse.response("r3").customToolCall("c_script", "functions", "exec", script).completed(),
                Sse.response("r4").text("m2", "done").completed());
        var mcp = new McpHarness(server, home.resolve("code")).everything("everything", PROMPTED);
        mcp.context.model = "gpt-6.1-sol";
        mcp.context.approval = AskForApproval.UNTRUSTED;
        mcp.context.sandbox = SandboxMode.WORKSPACE_WRITE;
        mcp.context.canAsk = true;
        List<EventMsg> events;
        try (Session session = mcp.open()) {
            events = SessionHarness.answering(session, ReviewDecision.APPROVED);
        }
        askedThenRan(events, "c_script/1");
        askedThenRan(events, "c_script/2");
        assertThat(mcp.cwd.resolve("by-script")).exists();
    }

    @Test
    void everyCommandKindMeetsTheSameSandboxAndNobodyCanLetItOut() throws Exception {
        String script = """
                const r = await tools.exec_command({cmd: "touch by-script"});
                text(r.output);
                """;
        server.enqueue(Sse.response("r1").customToolCall("c_script", "functions", "exec", script)
                        .customToolCall("c_patch", "apply_patch", PATCH).completed(),
                Sse.response("r2").text("m1", "done").completed());
        var harness = new ContextHarness(server, home);
        harness.model = "gpt-6.1-sol";
        harness.approval = AskForApproval.NEVER;
        harness.sandbox = SandboxMode.READ_ONLY;
        List<EventMsg> events;
        List<EventMsg> personal;
        try (Session session = harness.start(cwd)) {
            events = SessionHarness.turn(session, "write files");
            personal = ContextHarness.run(session, new Op.RunUserShellCommand("touch by-person"));
        }
        assertThat(of(events, EventMsg.ExecApprovalRequest.class)).isEmpty();
        assertThat(of(events, EventMsg.ExecCommandEnd.class)).singleElement().satisfies(end -> {
            assertThat(end.callId()).isEqualTo("c_script/1");
            assertThat(end.exitCode()).isNotZero();
            assertThat(end.formattedOutput()).startsWith("[sandbox] The sandbox denied this command");
        });
        assertThat(shown(events, "c_patch")).isEmpty();
        assertThat(of(personal, EventMsg.ExecCommandEnd.class)).singleElement()
                .satisfies(end -> assertThat(end.exitCode()).isNotZero());
        assertThat(of(personal, EventMsg.Warning.class)).anySatisfy(warning -> assertThat(warning.message())
                .startsWith("the sandbox denied the command"));
        assertThat(cwd.resolve("by-script")).doesNotExist();
        assertThat(cwd.resolve("by-patch.txt")).doesNotExist();
        assertThat(cwd.resolve("by-person")).doesNotExist();
    }
}
