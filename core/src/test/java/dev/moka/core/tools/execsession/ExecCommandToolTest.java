package dev.moka.core.tools.execsession;

import static org.assertj.core.api.Assertions.assertThat;

import dev.moka.core.client.ResponsesTools;
import dev.moka.core.exec.ExecSessionManager;
import dev.moka.core.exec.ShellEnvironmentPolicy;
import dev.moka.core.tools.RecordingToolContext;
import dev.moka.core.tools.ToolCall;
import dev.moka.core.tools.ToolResult;
import dev.moka.protocol.EventMsg;
import dev.moka.protocol.Json;
import dev.moka.protocol.ParsedCommand;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.node.ObjectNode;

class ExecCommandToolTest {
    private static final Pattern SESSION = Pattern.compile("Process running with session ID (\\d+)");

    @TempDir
    Path dir;

    private final ExecSessionManager sessions = new ExecSessionManager();
    private final Map<String, String> parentEnv = Map.of("PATH", System.getenv("PATH"), "MY_TOKEN", "hunter2",
            "GREETING", "hello");
    private final ExecCommandTool exec = new ExecCommandTool(sessions,
            ShellEnvironmentPolicy.DEFAULT.apply(parentEnv), false);
    private final WriteStdinTool write = new WriteStdinTool(sessions);

    @AfterEach
    void close() {
        sessions.close();
    }

    private ToolResult exec(RecordingToolContext context, String callId, ObjectNode args) throws Exception {
        return exec.asTool().run(new ToolCall(callId, ExecCommandTool.NAME, Json.write(args)), context);
    }

    private ToolResult write(RecordingToolContext context, String sessionId, String chars, int yieldMs)
            throws Exception {
        ObjectNode args = Json.object().put("session_id", Integer.parseInt(sessionId)).put("chars", chars)
                .put("yield_time_ms", yieldMs);
        return write.asTool().run(new ToolCall("w-" + sessionId, WriteStdinTool.NAME, Json.write(args)), context);
    }

    private static String sessionId(ToolResult result) {
        Matcher m = SESSION.matcher(result.forModel());
        assertThat(m.find()).as("session id in %s", result.forModel()).isTrue();
        return m.group(1);
    }

    @Test
    void aQuickCommandReportsExitCodeOutputAndEvents() throws Exception {
        RecordingToolContext context = new RecordingToolContext(dir);
        ToolResult result = exec(context, "c1", Json.object().put("cmd", "cat notes.txt 2>/dev/null; echo done"));

        assertThat(result.success()).isTrue();
        assertThat(result.forModel()).startsWith("Wall time: ").contains("Process exited with code 0\nOutput:\ndone\n");
        EventMsg.ExecCommandBegin begin = context.events(EventMsg.ExecCommandBegin.class).getFirst();
        assertThat(begin.command()).containsExactly("/bin/bash", "-c", "cat notes.txt 2>/dev/null; echo done");
        assertThat(begin.parsedCmd()).containsExactly(
                new ParsedCommand.Unknown("cat notes.txt 2>/dev/null; echo done"));
        assertThat(context.events(EventMsg.ExecCommandOutputDelta.class)).extracting(EventMsg.ExecCommandOutputDelta::chunk)
                .containsExactly("done\n");
        assertThat(context.events(EventMsg.ExecCommandEnd.class)).singleElement()
                .satisfies(end -> {
                    assertThat(end.callId()).isEqualTo("c1");
                    assertThat(end.exitCode()).isZero();
                });
    }

    @Test
    void parsedCommandsDescribeWhatTheScriptDoes() throws Exception {
        RecordingToolContext context = new RecordingToolContext(dir);
        exec(context, "c1", Json.object().put("cmd", "ls -la && rg -n TODO src"));

        assertThat(context.events(EventMsg.ExecCommandBegin.class).getFirst().parsedCmd()).containsExactly(
                new ParsedCommand.ListFiles("ls -la", null), new ParsedCommand.Search("rg -n TODO src", "TODO", "src"));
    }

    @Test
    void aProcessAskingForInputIsAnsweredWithWriteStdin() throws Exception {
        RecordingToolContext context = new RecordingToolContext(dir);
        ToolResult started = exec(context, "c1", Json.object().put("cmd", "read -r x; echo \"got $x\"")
                .put("yield_time_ms", 250));
        assertThat(context.events(EventMsg.ExecCommandEnd.class)).isEmpty();

        ToolResult answered = write(context, sessionId(started), "moka\n", 10_000);

        assertThat(answered.forModel()).contains("Process exited with code 0").endsWith("Output:\ngot moka\n");
        // The end is reported under the call that started the command, as the deltas were.
        assertThat(context.events(EventMsg.ExecCommandEnd.class)).singleElement()
                .extracting(EventMsg.ExecCommandEnd::callId).isEqualTo("c1");
        assertThat(context.events(EventMsg.ExecCommandOutputDelta.class)).allMatch(d -> d.callId().equals("c1"));
    }

    @Test
    void aTtySessionSeesATerminal() throws Exception {
        ToolResult result = exec(new RecordingToolContext(dir), "c1", Json.object()
                .put("cmd", "python3 -c 'import sys; print(sys.stdout.isatty())'").put("tty", true));

        assertThat(result.forModel()).contains("Process exited with code 0").endsWith("Output:\nTrue\r\n");
    }

    @Test
    void aTooShortYieldIsRaisedToTheMinimumAndALongOneCappedAtTheMaximum() {
        // Checked on the clamp itself: a process-level check would race the machine's load.
        assertThat(ExecSessionManager.clampYield(1)).isEqualTo(ExecSessionManager.MIN_YIELD);
        assertThat(ExecSessionManager.clampYield(10_000_000)).isEqualTo(ExecSessionManager.MAX_YIELD);
        assertThat(ExecSessionManager.clampYield(1_000)).hasMillis(1_000);
    }

    @Test
    void credentialsInMokasEnvironmentDoNotReachTheCommand() throws Exception {
        ToolResult result = exec(new RecordingToolContext(dir), "c1", Json.object()
                .put("cmd", "echo \"token=${MY_TOKEN:-unset} greeting=$GREETING\""));

        assertThat(result.forModel()).endsWith("token=unset greeting=hello\n");
    }

    @Test
    void outputBeyondMaxOutputTokensIsCutInTheMiddle() throws Exception {
        ToolResult result = exec(new RecordingToolContext(dir), "c1", Json.object()
                .put("cmd", "seq 1 20000").put("max_output_tokens", 100));

        assertThat(result.forModel()).contains("Original token count: ").contains("omitted")
                .contains("Output:\n1\n2\n").endsWith("19999\n20000\n");
        assertThat(result.forModel().length()).isLessThan(600);
    }

    @Test
    void liveOutputEventsAreBoundedPerCall() throws Exception {
        RecordingToolContext context = new RecordingToolContext(dir);
        exec(context, "c1", Json.object().put("cmd", "for i in $(seq 1 400); do echo $i; sleep 0.001; done"));

        assertThat(context.events(EventMsg.ExecCommandOutputDelta.class)).hasSizeLessThanOrEqualTo(100);
    }

    @Test
    void aFailingCommandIsNotASuccess() throws Exception {
        ToolResult result = exec(new RecordingToolContext(dir), "c1", Json.object().put("cmd", "exit 7"));

        assertThat(result.success()).isFalse();
        assertThat(result.forModel()).contains("Process exited with code 7");
    }

    @Test
    void badArgumentsAndUnknownSessionsAreExplained() throws Exception {
        RecordingToolContext context = new RecordingToolContext(dir);
        ToolResult missing = exec(context, "c1", Json.object().put("workdir", "."));
        ToolResult badWorkdir = exec(context, "c2", Json.object().put("cmd", "ls").put("workdir", "nope"));
        ToolResult unknown = write(context, "4242", "", 250);

        assertThat(missing.forModel()).startsWith("Invalid exec_command arguments: \"cmd\" is missing");
        assertThat(badWorkdir.forModel()).contains("\"workdir\" \"nope\"").contains("does not exist");
        assertThat(unknown.success()).isFalse();
        assertThat(unknown.forModel()).startsWith("no running session with id 4242");
    }

    @Test
    void experimentalUseProfileRunsALoginShell() throws Exception {
        ExecCommandTool login = new ExecCommandTool(sessions, Map.of("PATH", System.getenv("PATH")), true);
        RecordingToolContext context = new RecordingToolContext(dir);
        login.asTool().run(new ToolCall("c1", ExecCommandTool.NAME, "{\"cmd\":\"shopt -q login_shell && echo login\"}"),
                context);

        assertThat(context.events(EventMsg.ExecCommandBegin.class).getFirst().command()).containsExactly(
                "/bin/bash", "-lc", "shopt -q login_shell && echo login");
        assertThat(context.events(EventMsg.ExecCommandEnd.class).getFirst().aggregatedOutput()).contains("login\n");
    }

    @Test
    void specsAreStable() {
        assertThat(ResponsesTools.render(exec.asTool().spec()).get("name").asString()).isEqualTo("exec_command");
        assertThat(ResponsesTools.render(exec.asTool().spec()).get("parameters").get("required")).hasToString("[\"cmd\"]");
        assertThat(ResponsesTools.render(exec.asTool().spec()).get("parameters").get("properties").propertyNames()).containsExactly("cmd", "workdir",
                "shell", "tty", "yield_time_ms", "max_output_tokens", "sandbox_permissions", "justification");
        assertThat(ResponsesTools.render(write.asTool().spec()).get("parameters").get("properties").propertyNames()).containsExactly("session_id",
                "chars", "yield_time_ms", "max_output_tokens");
        assertThat(ResponsesTools.render(exec.asTool().spec()).get("description").asString()).doesNotContain("{{");
        assertThat(ResponsesTools.render(write.asTool().spec()).get("description").asString()).doesNotContain("{{");
    }
}
