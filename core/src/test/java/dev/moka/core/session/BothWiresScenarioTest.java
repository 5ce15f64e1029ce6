package dev.moka.core.session;

import static dev.moka.core.session.ContextPrefixTest.say;
import static org.assertj.core.api.Assertions.assertThat;

import dev.moka.protocol.EventMsg;
import dev.moka.testkit.CapturedRequest;
import dev.moka.testkit.MockResponsesServer;
import dev.moka.testkit.Scenario;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** One scenario script, run on the Responses API and on Chat Completions: the engine must not tell them apart. */
class BothWiresScenarioTest {
    private static final String SCRIPT = "shell-patch-answer.json";

    /** What a person would see of one run. */
    private record Run(List<String> tools, List<String> commandOutputs, String answer, String notes,
            List<String> paths) {}

    @TempDir
    Path root;

    @Test
    void theSameScriptRunsTheSameToolsAndGivesTheSameAnswerOnBothWires() throws Exception {
        Run responses = run(Scenario.Wire.RESPONSES);
        Run chat = run(Scenario.Wire.CHAT);

        assertThat(responses.tools()).containsExactly("shell:ok", "apply_patch:ok");
        assertThat(responses.commandOutputs()).containsExactly("same on both wires");
        assertThat(responses.answer()).isEqualTo("All done: echoed and wrote notes.md.");
        assertThat(responses.notes()).isEqualTo("written by the scenario\n");
        assertThat(responses.paths()).containsOnly("/v1/responses");
        assertThat(chat.paths()).containsOnly("/v1/chat/completions");
        assertThat(chat).usingRecursiveComparison().ignoringFields("paths").isEqualTo(responses);
    }

    private Run run(Scenario.Wire wire) throws Exception {
        Path home = Files.createDirectories(root.resolve(wire + "-home"));
        Path work = Files.createDirectories(root.resolve(wire + "-work"));
        try (MockResponsesServer server = MockResponsesServer.start()) {
            server.enqueue(Scenario.resource(SCRIPT, wire));
            var harness = new ContextHarness(server, home);
            if (wire == Scenario.Wire.CHAT) {
                harness.chat("local");
            }
            List<EventMsg> events;
            try (Session session = harness.start(work)) {
                events = ContextHarness.run(session, say("echo, then write notes.md"));
            }
            List<String> tools = events.stream().filter(EventMsg.ToolCallEnd.class::isInstance)
                    .map(e -> (EventMsg.ToolCallEnd) e).map(end -> end.tool() + (end.success() ? ":ok" : ":failed"))
                    .toList();
            List<String> outputs = events.stream().filter(EventMsg.ExecCommandEnd.class::isInstance)
                    .map(e -> ((EventMsg.ExecCommandEnd) e).aggregatedOutput().strip()).toList();
            String answer = ((EventMsg.TaskComplete) events.getLast()).lastAgentMessage();
            assertThat(events).filteredOn(EventMsg.StreamError.class::isInstance).hasSize(1);
            assertThat(server.pendingReplies()).isZero();
            return new Run(tools, outputs, answer, Files.readString(work.resolve("notes.md")),
                    server.requests().stream().map(CapturedRequest::path).distinct().toList());
        }
    }
}
