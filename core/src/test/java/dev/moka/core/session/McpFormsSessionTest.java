package dev.moka.core.session;

import static org.assertj.core.api.Assertions.assertThat;

import dev.moka.protocol.AskForApproval;
import dev.moka.protocol.ElicitationAction;
import dev.moka.protocol.EventMsg;
import dev.moka.protocol.InputItem;
import dev.moka.protocol.Json;
import dev.moka.protocol.Op;
import dev.moka.testkit.MockResponsesServer;
import dev.moka.testkit.Sse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A form the everything server sends while its tool runs (its {@code trigger-elicitation-request} tool), through
 * the session: shown as an {@code ElicitationRequest}, answered by {@code ResolveElicitation}, and answered
 * {@code cancel} by the session when the turn is interrupted before the person answered.
 */
class McpFormsSessionTest {
    @TempDir
    Path dir;

    private McpHarness harness(MockResponsesServer server, String answer) throws Exception {
        server.enqueue(Sse.response("r1").created()
                        .functionCall("c1", "mcp__everything", "trigger_elicitation_request", "{}").completed(),
                Sse.response("r2").created().text("m1", answer).completed());
        var harness = new McpHarness(server, dir).everything("everything", "");
        harness.context.approval = AskForApproval.NEVER;
        return harness;
    }

    private static EventMsg.ElicitationRequest formOf(Session session) throws InterruptedException {
        List<EventMsg> events = McpHarness.until(session, e -> e instanceof EventMsg.ElicitationRequest);
        return (EventMsg.ElicitationRequest) events.getLast();
    }

    @Test
    void theFormsAnswerIsWhatTheServerGetsAndAnAnswerToNoFormIsAWarning() throws Exception {
        try (MockResponsesServer server = MockResponsesServer.start()) {
            var harness = harness(server, "Thanks.");
            try (Session session = harness.open()) {
                session.submit(new Op.UserInput(List.of(new InputItem.Text("ask me"))));
                EventMsg.ElicitationRequest form = formOf(session);
                assertThat(form.serverName()).isEqualTo("everything");
                assertThat(form.message()).isEqualTo("Please provide inputs for the following fields:");
                assertThat(form.requestedSchema().get("properties").get("integer").get("default").asInt())
                        .isEqualTo(42);

                session.submit(new Op.ResolveElicitation("everything", "form-999", ElicitationAction.ACCEPT, null));
                session.submit(new Op.ResolveElicitation("everything", form.id(), ElicitationAction.ACCEPT,
                        Json.object().put("name", "Ada Lovelace")));
                List<EventMsg> rest = McpHarness.until(session, e -> e instanceof EventMsg.TaskComplete);

                assertThat(rest).anySatisfy(e -> assertThat(e).isInstanceOfSatisfying(EventMsg.Warning.class,
                        w -> assertThat(w.message()).contains("no form \"form-999\"")));
            }
            String output = McpHarness.output(harness.sampling().get(1), "c1").toString();
            // The defaults the person left alone are filled in as the server gave them (SEP-1034).
            assertThat(output).contains("Name: Ada Lovelace").contains("Favorite Integer: 42");
        }
    }

    @Test
    void aTurnInterruptedWhileItsFormWaitsAnswersTheServerCancel() throws Exception {
        try (MockResponsesServer server = MockResponsesServer.start()) {
            var harness = harness(server, "unused");
            try (Session session = harness.open()) {
                session.submit(new Op.UserInput(List.of(new InputItem.Text("ask me"))));
                EventMsg.ElicitationRequest form = formOf(session);
                session.submit(new Op.Interrupt());
                McpHarness.until(session, e -> e instanceof EventMsg.TurnAborted);

                session.submit(new Op.ResolveElicitation("everything", form.id(), ElicitationAction.ACCEPT, null));
                List<EventMsg> late = McpHarness.until(session, e -> e instanceof EventMsg.Warning);
                assertThat(((EventMsg.Warning) late.getLast()).message()).contains("is waiting");
            }
            Path log = harness.home.resolve("log/mcp-everything.log");
            assertThat(Files.readString(log)).contains("the answer was cancel");
        }
    }
}
