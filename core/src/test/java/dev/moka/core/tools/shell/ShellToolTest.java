package dev.moka.core.tools.shell;

import static org.assertj.core.api.Assertions.assertThat;

import dev.moka.core.client.ResponsesTools;
import dev.moka.core.exec.ProcessRunner;
import dev.moka.core.exec.ShellEnvironmentPolicy;
import dev.moka.core.tools.RecordingToolContext;
import dev.moka.core.tools.ToolCall;
import dev.moka.core.tools.ToolResult;
import dev.moka.core.tools.ToolSpec;
import dev.moka.protocol.EventMsg;
import dev.moka.protocol.ExecOutputStream;
import dev.moka.protocol.Json;
import dev.moka.protocol.ParsedCommand;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

class ShellToolTest {
    @TempDir
    Path dir;

    private final ShellTool tool = new ShellTool(new ProcessRunner(), System.getenv());

    private ToolResult call(RecordingToolContext context, String arguments) throws InterruptedException {
        return tool.asTool().run(new ToolCall("call-1", "shell", arguments), context);
    }

    @Test
    void runsACommandAndReportsBeginDeltasAndEnd() throws Exception {
        RecordingToolContext context = new RecordingToolContext(dir);

        ToolResult result = call(context, "{\"command\":[\"bash\",\"-c\",\"echo hello; echo warn >&2\"]}");

        assertThat(result.success()).isTrue();
        JsonNode output = Json.parse(result.output());
        assertThat(output.propertyNames()).containsExactly("output", "metadata");
        assertThat(output.get("output").asString()).contains("hello\n").contains("warn\n");
        assertThat(output.get("metadata").propertyNames()).containsExactly("exit_code", "duration_seconds");
        assertThat(output.get("metadata").get("exit_code").asInt()).isZero();
        assertThat(output.get("metadata").get("duration_seconds").isNumber()).isTrue();

        List<EventMsg> events = context.events();
        assertThat(events.getFirst()).isEqualTo(new EventMsg.ExecCommandBegin("call-1",
                List.of("bash", "-c", "echo hello; echo warn >&2"), dir.toString(),
                List.of(new ParsedCommand.Unknown("echo hello; echo warn >&2"))));
        List<EventMsg.ExecCommandOutputDelta> deltas = context.events(EventMsg.ExecCommandOutputDelta.class);
        assertThat(deltas).allSatisfy(delta -> assertThat(delta.callId()).isEqualTo("call-1"));
        assertThat(deltas.stream().filter(d -> d.stream() == ExecOutputStream.STDOUT)
                .map(EventMsg.ExecCommandOutputDelta::chunk).collect(Collectors.joining())).isEqualTo("hello\n");
        assertThat(deltas.stream().filter(d -> d.stream() == ExecOutputStream.STDERR)
                .map(EventMsg.ExecCommandOutputDelta::chunk).collect(Collectors.joining())).isEqualTo("warn\n");
        EventMsg.ExecCommandEnd end = (EventMsg.ExecCommandEnd) events.getLast();
        assertThat(end.callId()).isEqualTo("call-1");
        assertThat(end.stdout()).isEqualTo("hello\n");
        assertThat(end.stderr()).isEqualTo("warn\n");
        assertThat(end.exitCode()).isZero();
        assertThat(end.formattedOutput()).isEqualTo(output.get("output").asString());
    }

    @Test
    void nonZeroExitIsAFailureTheModelCanRead() throws Exception {
        ToolResult result = call(new RecordingToolContext(dir), "{\"command\":[\"bash\",\"-c\",\"exit 7\"]}");

        assertThat(result.success()).isFalse();
        assertThat(Json.parse(result.output()).get("metadata").get("exit_code").asInt()).isEqualTo(7);
    }

    @Test
    void timeoutSaysSoInTheOutput() throws Exception {
        ToolResult result = call(new RecordingToolContext(dir),
                "{\"command\":[\"sleep\",\"30\"],\"timeout_ms\":200}");

        JsonNode output = Json.parse(result.output());
        assertThat(result.success()).isFalse();
        assertThat(output.get("output").asString()).contains("command timed out after 200 ms");
        assertThat(output.get("metadata").get("exit_code").asInt()).isEqualTo(124);
    }

    @Test
    void commandNotFoundIsReportedAsExit127() throws Exception {
        RecordingToolContext context = new RecordingToolContext(dir);

        ToolResult result = call(context, "{\"command\":[\"moka-no-such-command-xyz\"]}");

        JsonNode output = Json.parse(result.output());
        assertThat(output.get("output").asString()).contains("command not found: moka-no-such-command-xyz");
        assertThat(output.get("metadata").get("exit_code").asInt()).isEqualTo(127);
        assertThat(context.events(EventMsg.ExecCommandEnd.class)).singleElement()
                .satisfies(end -> assertThat(end.exitCode()).isEqualTo(127));
    }

    @Test
    void cutsLongOutputInTheMiddleForTheModel() throws Exception {
        RecordingToolContext context = new RecordingToolContext(dir);

        ToolResult result = call(context, "{\"command\":[\"seq\",\"1\",\"100000\"]}");

        String output = Json.parse(result.output()).get("output").asString();
        assertThat(output.getBytes(StandardCharsets.UTF_8).length).isLessThanOrEqualTo(ShellTool.MODEL_OUTPUT_BYTES);
        assertThat(output).startsWith("1\n2\n3\n").endsWith("99999\n100000\n").contains("lines) omitted ...]");
        EventMsg.ExecCommandEnd end = context.events(EventMsg.ExecCommandEnd.class).getFirst();
        assertThat(end.aggregatedOutput()).hasSizeGreaterThan(output.length());
    }

    @Test
    void forwardsOnlyTheFirstHundredChunksAsDeltas() {
        RecordingToolContext context = new RecordingToolContext(dir);
        var listener = ShellTool.deltas("call-1", context);

        for (int i = 0; i < 150; i++) {
            listener.onOutput(ExecOutputStream.STDOUT, i + "\n");
        }

        List<EventMsg.ExecCommandOutputDelta> deltas = context.events(EventMsg.ExecCommandOutputDelta.class);
        assertThat(deltas).hasSize(ShellTool.MAX_OUTPUT_DELTAS);
        assertThat(deltas.getLast().chunk()).isEqualTo("99\n");
    }

    @Test
    void capturesOutputBeyondTheDeltaLimit() throws Exception {
        RecordingToolContext context = new RecordingToolContext(dir);

        call(context, "{\"command\":[\"bash\",\"-c\",\"for i in $(seq 1 300); do echo $i; sleep 0.001; done\"]}");

        assertThat(context.events(EventMsg.ExecCommandOutputDelta.class)).hasSizeLessThanOrEqualTo(100);
        EventMsg.ExecCommandEnd end = context.events(EventMsg.ExecCommandEnd.class).getFirst();
        assertThat(end.stdout()).startsWith("1\n").endsWith("\n300\n");
    }

    @Test
    void relativeWorkdirIsResolvedAgainstTheTurnDirectory() throws Exception {
        Files.createDirectories(dir.resolve("sub/inner"));
        RecordingToolContext context = new RecordingToolContext(dir);

        ToolResult result = call(context, "{\"command\":[\"pwd\"],\"workdir\":\"sub/inner\"}");

        assertThat(Json.parse(result.output()).get("output").asString().strip())
                .isEqualTo(dir.resolve("sub/inner").toRealPath().toString());
        assertThat(context.events(EventMsg.ExecCommandBegin.class).getFirst().cwd())
                .isEqualTo(dir.resolve("sub/inner").toString());
    }

    @Test
    void missingWorkdirIsAnArgumentError() throws Exception {
        RecordingToolContext context = new RecordingToolContext(dir);

        ToolResult result = call(context, "{\"command\":[\"pwd\"],\"workdir\":\"nope\"}");

        assertThat(result.success()).isFalse();
        assertThat(result.forModel()).contains("\"workdir\" \"nope\"").contains(dir.resolve("nope").toString())
                .contains("does not exist");
        assertThat(context.events()).isEmpty();
    }

    @Test
    void invalidJsonIsAnArgumentErrorShowingTheExpectedShape() throws Exception {
        RecordingToolContext context = new RecordingToolContext(dir);

        ToolResult result = call(context, "{\"command\": [\"ls\"");

        assertThat(result.success()).isFalse();
        assertThat(result.forModel()).startsWith("Invalid shell arguments: the arguments are not valid JSON")
                .contains("Expected arguments like {\"command\": [\"bash\", \"-lc\", \"ls -la\"]");
        assertThat(context.events()).isEmpty();
    }

    @Test
    void namesEachArgumentMistake() throws Exception {
        Map<String, String> mistakes = new HashMap<>();
        mistakes.put("{}", "missing required field \"command\"");
        mistakes.put("{\"command\":null}", "missing required field \"command\"");
        mistakes.put("{\"command\":[]}", "\"command\" is an empty array");
        mistakes.put("{\"command\":\"ls -la\"}", "\"command\" must be an array of strings");
        mistakes.put("{\"command\":[\"sleep\",10]}", "\"command\"[1] must be a string, got a number 10");
        mistakes.put("{\"command\":[\"\"]}", "\"command\"[0] is an empty string");
        mistakes.put("{\"command\":[\"ls\"],\"timeout_ms\":-5}", "\"timeout_ms\" must be a positive whole number");
        mistakes.put("{\"command\":[\"ls\"],\"timeout_ms\":1.5}", "got a number 1.5");
        mistakes.put("{\"command\":[\"ls\"],\"timeout_ms\":\"100\"}", "got a string \"100\"");
        mistakes.put("{\"command\":[\"ls\"],\"workdir\":5}", "\"workdir\" must be a string");
        mistakes.put("[\"ls\"]", "the arguments must be a JSON object, got an array");
        mistakes.put("", "the arguments are empty");
        for (Map.Entry<String, String> mistake : mistakes.entrySet()) {
            ToolResult result = call(new RecordingToolContext(dir), mistake.getKey());

            assertThat(result.success()).as(mistake.getKey()).isFalse();
            assertThat(result.forModel()).as(mistake.getKey()).contains(mistake.getValue());
        }
    }

    @Test
    void acceptsEscalationFieldsAndAWholeNumberTimeout() throws Exception {
        ToolResult result = call(new RecordingToolContext(dir), "{\"command\":[\"true\"],\"timeout_ms\":5000.0,"
                + "\"with_escalated_permissions\":true,\"justification\":\"needs network\"}");

        assertThat(result.success()).isTrue();
    }

    @Test
    void credentialsInTheParentEnvironmentDoNotReachTheCommand() throws Exception {
        Map<String, String> parent = new HashMap<>(System.getenv());
        parent.put("OPENAI_API_KEY", "sk-do-not-leak");
        parent.put("MOKA_VISIBLE", "yes");
        ShellTool withSecrets = new ShellTool(new ProcessRunner(), parent);

        ToolResult result = withSecrets.asTool().run(new ToolCall("call-2", "shell", "{\"command\":[\"env\"]}"),
                new RecordingToolContext(dir));

        assertThat(result.forModel()).contains("MOKA_VISIBLE=yes").doesNotContain("sk-do-not-leak");
    }

    @Test
    void specMatchesTheGoldenFileAndNeverChanges() throws IOException {
        String golden;
        try (InputStream in = ShellToolTest.class.getResourceAsStream("shell-spec.json")) {
            // Stored pretty-printed for review; compared as the compact bytes a request carries, key order included.
            golden = Json.write(Json.parse(new String(in.readAllBytes(), StandardCharsets.UTF_8)));
        }

        assertThat(Json.write(ResponsesTools.render(tool.asTool().spec()))).isEqualTo(golden);
        // A caller that edits what it was given cannot change what later requests send.
        ((ToolSpec.Function) tool.asTool().spec()).parameters().put("injected", true);
        assertThat(Json.write(ResponsesTools.render(tool.asTool().spec()))).isEqualTo(golden);
        assertThat(tool.name()).isEqualTo("shell");
    }

    @Test
    void reportsTheParsedCommandOfAShellScript() throws Exception {
        RecordingToolContext context = new RecordingToolContext(dir);
        call(context, "{\"command\":[\"bash\",\"-lc\",\"cat notes.md | head -n 5\"]}");

        assertThat(context.events(EventMsg.ExecCommandBegin.class).getFirst().parsedCmd())
                .containsExactly(new ParsedCommand.Read("cat notes.md", "notes.md"));
    }

    @Test
    void appliesTheConfiguredEnvironmentPolicy() throws Exception {
        Map<String, String> parent = Map.of("PATH", System.getenv("PATH"), "KEEP", "1", "DROP_ME", "2");
        ShellEnvironmentPolicy policy = new ShellEnvironmentPolicy(ShellEnvironmentPolicy.Inherit.ALL, false,
                List.of("drop_*"), Map.of("ADDED", "3"), List.of(), false);
        ShellTool configured = new ShellTool(new ProcessRunner(), parent, policy);

        ToolResult result = configured.asTool().run(new ToolCall("c", ShellTool.NAME,
                "{\"command\":[\"bash\",\"-c\",\"echo $KEEP-${DROP_ME:-gone}-$ADDED\"]}"),
                new RecordingToolContext(dir));

        assertThat(Json.parse(result.output()).get("output").asString()).isEqualTo("1-gone-3\n");
    }
}
