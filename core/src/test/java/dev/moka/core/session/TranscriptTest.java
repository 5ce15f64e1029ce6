package dev.moka.core.session;

import static org.assertj.core.api.Assertions.assertThat;

import dev.moka.core.tools.PastCall;
import dev.moka.protocol.Json;
import dev.moka.protocol.PlanItem;
import dev.moka.protocol.ResponseItem;
import dev.moka.protocol.ResponseItemCodec;
import dev.moka.protocol.StepStatus;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/** A recorded history read back as the live session showed it: prompts, answers, commands, patches, plans. */
class TranscriptTest {
    private static final String PATCH = "*** Begin Patch\n*** Update File: notes.txt\n@@ class Notes\n"
            + " kept\n-old line\n+new line\n*** Add File: added.txt\n+first\n+second\n*** Delete File: gone.txt\n"
            + "*** End Patch\n";

    private static List<Transcript.Entry> told(ResponseItem... items) {
        return Transcript.of(Arrays.stream(items).map(i -> (JsonNode) ResponseItemCodec.toJson(i)).toList());
    }

    private static PastCall only(List<Transcript.Entry> entries) {
        assertThat(entries).singleElement().isInstanceOf(Transcript.Call.class);
        return ((Transcript.Call) entries.getFirst()).call();
    }

    @Test
    void promptsAndAnswersAreToldButNotTheContextMokaGaveTheModel() {
        assertThat(told(ResponseItem.Message.developer("<permissions>sandboxed</permissions>"),
                ResponseItem.Message.user("<environment_context>\n<cwd>/w</cwd>\n</environment_context>"),
                ResponseItem.Message.user("  fix the bug  "), ResponseItem.Message.assistant("Fixed **it**."),
                ResponseItem.Message.assistant(" ")))
                .containsExactly(new Transcript.Prompt("fix the bug"), new Transcript.Answer("Fixed **it**."));
    }

    @Test
    void aShellCallIsItsCommandWithTheExitCodeAndSecondsItsOutputStates() {
        var call = new ResponseItem.FunctionCall(null, "shell", "{\"command\":[\"bash\",\"-lc\",\"make test\"]}", "c1");
        var output = new ResponseItem.FunctionCallOutput("c1",
                "{\"output\":\"1 failed\\n\",\"metadata\":{\"exit_code\":2,\"duration_seconds\":1.5}}");
        assertThat(only(told(call, output))).isEqualTo(new PastCall.Command(List.of("bash", "-lc", "make test"), 2,
                1500L, "1 failed\n"));
    }

    @Test
    void anOutputThatDoesNotStateHowTheCommandEndedGivesNoFigures() {
        var call = new ResponseItem.FunctionCall(null, "shell", "{\"command\":[\"rm\",\"-rf\",\"x\"]}", "c1");
        var refused = new ResponseItem.FunctionCallOutput("c1", "The person denied this command.");
        assertThat(only(told(call, refused))).isEqualTo(new PastCall.Command(List.of("rm", "-rf", "x"), null, null,
                "The person denied this command."));
        var bad = new ResponseItem.FunctionCall(null, "shell", "{\"command\":\"ls\"}", "c2");
        assertThat(told(bad, new ResponseItem.FunctionCallOutput("c2", "Invalid shell arguments"))).isEmpty();
    }

    @Test
    void anExecCommandCallIsReadFromTheHeaderOfItsOutputOnly() {
        var call = new ResponseItem.FunctionCall(null, "exec_command", "{\"cmd\":\"./build.sh\"}", "c1");
        var output = new ResponseItem.FunctionCallOutput("c1", "Wall time: 0.250 seconds\nProcess exited with code 3\n"
                + "Output:\nProcess exited with code 0\nbuild failed\n");
        assertThat(only(told(call, output))).isEqualTo(new PastCall.Command(List.of("/bin/bash", "-lc", "./build.sh"),
                3, 250L, "Process exited with code 0\nbuild failed\n"));
        var running = new ResponseItem.FunctionCallOutput("c1", "Wall time: 10.000 seconds\n"
                + "Process running with session ID 4\nOutput:\nserving on :8080\n");
        assertThat(only(told(call, running))).isEqualTo(new PastCall.Command(List.of("/bin/bash", "-lc",
                "./build.sh"), null, null, "serving on :8080\n"));
    }

    @Test
    void aFreeformPatchShowsItsFilesFromThePatchText() {
        var call = new ResponseItem.CustomToolCall(null, "apply_patch", PATCH, "c1");
        var output = new ResponseItem.CustomToolCallOutput("c1", "Success. Updated the following files:\n"
                + "M notes.txt\nA added.txt\nD gone.txt\n");
        PastCall.Patch patch = (PastCall.Patch) only(told(call, output));
        assertThat(patch.success()).isTrue();
        assertThat(patch.error()).isEmpty();
        assertThat(patch.changes()).containsOnlyKeys("notes.txt", "added.txt", "gone.txt");
        assertThat(patch.changes().keySet()).containsExactly("notes.txt", "added.txt", "gone.txt");
        assertThat(patch.changes().get("notes.txt").at("/update/unified_diff").asString())
                .isEqualTo("@@ class Notes\n kept\n-old line\n+new line\n");
        assertThat(patch.changes().get("added.txt").at("/add/content").asString()).isEqualTo("first\nsecond\n");
        assertThat(patch.changes().get("gone.txt").has("delete")).isTrue();
    }

    @Test
    void aPatchIsFailedWhenItsOutputIsNotTheSummaryOfAnAppliedOne() {
        var call = new ResponseItem.FunctionCall(null, "apply_patch",
                "{\"input\":" + Json.write(PATCH) + "}", "c1");
        var output = new ResponseItem.FunctionCallOutput("c1", "The patch was not applied: cannot update notes.txt: it"
                + " does not exist\nNo file was changed: correct the patch and send all of it again.");
        PastCall.Patch patch = (PastCall.Patch) only(told(call, output));
        assertThat(patch.success()).isFalse();
        assertThat(patch.error()).isEqualTo("The patch was not applied: cannot update notes.txt: it does not exist");
        assertThat(patch.changes()).containsKey("notes.txt");
    }

    @Test
    void aShellCallThatCarriedAPatchIsAPatch() {
        String script = "apply_patch <<'EOF'\n" + PATCH + "EOF\n";
        var call = new ResponseItem.FunctionCall(null, "shell", "{\"command\":[\"bash\",\"-lc\","
                + Json.write(script) + "]}", "c1");
        var output = new ResponseItem.FunctionCallOutput("c1", "Success. Updated the following files:\nM notes.txt\n");
        assertThat(only(told(call, output))).isInstanceOf(PastCall.Patch.class);
    }

    @Test
    void aPlanAndAPersonsCommandAreToldAndAnMcpToolOfTheSameNameIsNot() {
        var plan = new ResponseItem.FunctionCall(null, "update_plan", "{\"explanation\":\"why\",\"plan\":["
                + "{\"step\":\"read\",\"status\":\"completed\"},{\"step\":\"fix\",\"status\":\"in_progress\"}]}", "p1");
        var mcp = new ResponseItem.FunctionCall(null, "shell", "{\"command\":[\"ls\"]}", "m1", "mcp__box");
        var person = ResponseItem.Message.user("<user_shell_command>\n<command>\ngit status\n</command>\n<result>\n"
                + "Exit code: 0\nDuration: 0.1 seconds\nOutput:\nclean\n</result>\n</user_shell_command>");
        assertThat(told(plan, new ResponseItem.FunctionCallOutput("p1", "Plan updated"), mcp,
                new ResponseItem.FunctionCallOutput("m1", "x"), person)).containsExactly(
                new Transcript.Call(new PastCall.Plan("why", List.of(new PlanItem("read", StepStatus.COMPLETED),
                        new PlanItem("fix", StepStatus.IN_PROGRESS)))),
                new Transcript.Call(new PastCall.Command(List.of("sh", "-c", "git status"), 0, 100L, "clean")));
    }
}
