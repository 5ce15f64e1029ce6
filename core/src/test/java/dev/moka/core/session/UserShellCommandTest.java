package dev.moka.core.session;

import static org.assertj.core.api.Assertions.assertThat;

import dev.moka.protocol.AskForApproval;
import dev.moka.protocol.EventMsg;
import dev.moka.protocol.Op;
import dev.moka.protocol.SandboxMode;
import dev.moka.testkit.Sse;
import java.nio.file.Files;
import java.util.List;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/** {@code !cmd}: the person's command runs in the session's sandbox and the model reads it next turn. */
class UserShellCommandTest extends SessionFixture {
    private Session open(SandboxMode sandbox, AskForApproval approval) throws Exception {
        var harness = new ContextHarness(server, home);
        harness.sandbox = sandbox;
        harness.approval = approval;
        harness.canAsk = true;
        return harness.start(cwd);
    }

    @Test
    void theCommandRunsShowsItsCellAndTheNextRequestCarriesItsOutput() throws Exception {
        server.enqueue(Sse.response("r1").text("m1", "I see the file.").completed());
        try (Session session = open(SandboxMode.WORKSPACE_WRITE, AskForApproval.ON_REQUEST)) {
            List<EventMsg> events = ContextHarness.run(session,
                    new Op.RunUserShellCommand("echo made > made.txt && echo hello; exit 3"));
            assertThat(events).hasAtLeastOneElementOfType(EventMsg.TaskStarted.class);
            var begin = of(events, EventMsg.ExecCommandBegin.class);
            assertThat(begin).singleElement().satisfies(b -> assertThat(b.command()).last().asString()
                    .isEqualTo("echo made > made.txt && echo hello; exit 3"));
            var end = of(events, EventMsg.ExecCommandEnd.class);
            assertThat(end).singleElement().satisfies(e -> {
                assertThat(e.exitCode()).isEqualTo(3);
                assertThat(e.aggregatedOutput()).isEqualTo("hello\n");
                assertThat(e.callId()).isEqualTo(begin.getFirst().callId());
            });
            assertThat(of(events, EventMsg.ExecApprovalRequest.class)).isEmpty();
            assertThat(events.getLast()).isInstanceOf(EventMsg.TaskComplete.class);
            assertThat(cwd.resolve("made.txt")).hasContent("made");
            assertThat(server.requests()).isEmpty();

            SessionHarness.turn(session, "what did it print?");
        }
        List<JsonNode> input = server.requests().getFirst().input();
        String record = ContextHarness.text(input.get(input.size() - 2));
        assertThat(ContextHarness.role(input.get(input.size() - 2))).isEqualTo("user");
        assertThat(record).isEqualTo("<user_shell_command>\n<command>\necho made > made.txt && echo hello; exit 3\n"
                + "</command>\n<result>\nExit code: 3\nDuration: " + record.replaceAll("(?s).*Duration: ([0-9.]+).*", "$1")
                + " seconds\nOutput:\nhello\n\n</result>\n</user_shell_command>");
        assertThat(ContextHarness.text(input.getLast())).isEqualTo("what did it print?");
    }

    @Test
    void theCommandNeverLeavesAReadOnlySandboxAndNobodyIsAsked() throws Exception {
        try (Session session = open(SandboxMode.READ_ONLY, AskForApproval.ON_REQUEST)) {
            List<EventMsg> events = ContextHarness.run(session, new Op.RunUserShellCommand("touch written.txt"));
            assertThat(of(events, EventMsg.ExecCommandEnd.class)).singleElement()
                    .satisfies(e -> assertThat(e.exitCode()).isNotZero());
            assertThat(of(events, EventMsg.ExecApprovalRequest.class)).isEmpty();
            assertThat(of(events, EventMsg.Warning.class)).extracting(EventMsg.Warning::message)
                    .anySatisfy(m -> assertThat(m).startsWith("the sandbox denied the command"));
        }
        assertThat(cwd.resolve("written.txt")).doesNotExist();
    }

    @Test
    void anEmptyCommandIsOneWarningAndRunsNothing() throws Exception {
        try (Session session = open(SandboxMode.WORKSPACE_WRITE, AskForApproval.ON_REQUEST)) {
            List<EventMsg> events = ContextHarness.run(session, new Op.RunUserShellCommand("  "));
            assertThat(of(events, EventMsg.Warning.class)).extracting(EventMsg.Warning::message)
                    .containsExactly("nothing to run: the command after ! is empty");
            assertThat(of(events, EventMsg.ExecCommandBegin.class)).isEmpty();
        }
        assertThat(Files.list(cwd)).isEmpty();
    }

    static <T> List<T> of(List<EventMsg> events, Class<T> type) {
        return events.stream().filter(type::isInstance).map(type::cast).toList();
    }
}
