package dev.moka.core.session;

import static org.assertj.core.api.Assertions.assertThat;

import dev.moka.core.tools.PastCall;
import dev.moka.protocol.EventMsg;
import dev.moka.protocol.Json;
import dev.moka.protocol.PlanItem;
import dev.moka.protocol.ResponseItem;
import dev.moka.protocol.ResponseItemCodec;
import dev.moka.protocol.StepStatus;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/** A recorded history read back as the live session showed it: prompts, answers, commands, patches, plans. */
class TranscriptTest {
    private static final String PATCH = "*** Begin Patch\n*** Update File: notes.txt\n@@ class Notes\n"
            + " kept\n-old line\n+new line\n*** Add File: added.txt\n+first\n+second\n*** Delete File: gone.txt\n"
            + "*** End Patch\n";

    private static List<Transcript.Entry> told(ResponseItem... items) {
        return told(List.of(), items);
    }

    private static List<Transcript.Entry> told(List<EventMsg> callEvents, ResponseItem... items) {
        return Transcript.of(Arrays.stream(items).map(i -> (JsonNode) ResponseItemCodec.toJson(i)).toList(),
                callEvents);
    }

    private static ResponseItem.CustomToolCall script(String callId, String source) {
        return new ResponseItem.CustomToolCall(null, "exec", source, callId, "functions");
    }

    private static List<PastCall> calls(List<Transcript.Entry> entries) {
        return entries.stream().map(e -> ((Transcript.Call) e).call()).toList();
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

    @Test
    void aScriptsCallsAreToldFromTheirEventsInTheOrderTheyEndedWhereTheScriptIs() {
        List<String> argv = List.of("/bin/bash", "-lc", "make");
        Map<String, JsonNode> changes = Map.of("/w/notes.txt", Json.object().set("update",
                Json.object().put("unified_diff", "@@\n-old\n+new\n")));
        List<EventMsg> events = List.of(
                new EventMsg.ExecCommandBegin("c1/1", argv, "/w", List.of()),
                new EventMsg.PatchApplyBegin("c1/2", true, changes),
                new EventMsg.PatchApplyEnd("c1/2", "", "", true),
                new EventMsg.ExecCommandEnd("c1/1", "", "", "built\n", 0, 1200, ""),
                new EventMsg.McpToolCallBegin("c1/3", "docs", "search", null),
                new EventMsg.McpToolCallEnd("c1/3", "docs", "search", 30, null),
                new EventMsg.PlanUpdate("why", List.of(new PlanItem("build", StepStatus.COMPLETED))),
                new EventMsg.ToolCallEnd("c1/4", "update_plan", true, "", 1),
                new EventMsg.ToolCallEnd("c1", "exec", true, "", 1500),
                // Another script's call, and a direct call's command (read from its items, not from here).
                new EventMsg.ExecCommandEnd("c9/1", "", "", "elsewhere\n", 0, 1, ""));
        assertThat(calls(told(events, ResponseItem.Message.user("build it"), script("c1", "await tools.make();"),
                new ResponseItem.CustomToolCallOutput("c1", "Script completed\nWall time 1.5 seconds\nOutput:\n"),
                ResponseItem.Message.assistant("Built.")).subList(1, 5))).containsExactly(
                new PastCall.Patch(changes, true, ""), new PastCall.Command(argv, 0, 1200L, "built\n"),
                new PastCall.Mcp("docs", "search", 30L),
                new PastCall.Plan("why", List.of(new PlanItem("build", StepStatus.COMPLETED))));
    }

    @Test
    void aCallWithHalfItsEventsIsToldAsFarAsTheyGoAndAScriptThatCalledNothingShownIsNotTold() {
        List<String> argv = List.of("/bin/bash", "-lc", "npm run dev");
        List<EventMsg> events = List.of(
                // Its begin line was lost; its end still says how it went.
                new EventMsg.ExecCommandEnd("c1/1", "", "", "ok\n", 0, 5, ""),
                // Still running when the script ended, and a patch whose end was lost: whether it applied is unknown.
                new EventMsg.ExecCommandBegin("c1/2", argv, "/w", List.of()),
                new EventMsg.PatchApplyBegin("c1/3", true, Map.of()),
                new EventMsg.ToolCallEnd("c1", "exec", true, "", 10),
                new EventMsg.ToolCallEnd("c2", "exec", true, "", 10));
        assertThat(calls(told(events, script("c1", "x"), new ResponseItem.CustomToolCallOutput("c1", "done"),
                script("c2", "text(1 + 1);"), new ResponseItem.CustomToolCallOutput("c2", "done")))).containsExactly(
                new PastCall.Command(List.of(), 0, 5L, "ok\n"), new PastCall.Command(argv, null, null, ""));
    }

    @Test
    void aScriptWithNoRecordedEventIsToldAsOnePieceItsFirstLineAndWhatItPrinted() {
        String source = "// @exec: {\"yield_time_ms\": 1000}\n\n  const r = await tools.exec_command({cmd: 'ls'});\n"
                + "text(r.output);\n";
        var failed = new ResponseItem.CustomToolCallOutput("c1", "Script failed\nWall time 0.2 seconds\nOutput:\n\n"
                + "a.txt\nScript error:\nError: boom");
        var aborted = new ResponseItem.CustomToolCallOutput("c2", "aborted by the person");
        assertThat(calls(told(script("c1", source), failed, script("c2", "text('x')"), aborted))).containsExactly(
                new PastCall.Script("const r = await tools.exec_command({cmd: 'ls'});", true,
                        "a.txt\nScript error:\nError: boom"),
                new PastCall.Script("text('x')", false, "aborted by the person"));
    }

    @Test
    void anMcpCallIsToldByItsEventsWhichSayItsServer() {
        var call = new ResponseItem.FunctionCall(null, "search", "{\"q\":\"moka\"}", "m1", "mcp__docs");
        assertThat(calls(told(List.of(new EventMsg.McpToolCallBegin("m1", "docs", "search", null),
                new EventMsg.McpToolCallEnd("m1", "docs", "search", 42, null)), call,
                new ResponseItem.FunctionCallOutput("m1", "found")))).containsExactly(
                new PastCall.Mcp("docs", "search", 42L));
    }

    @Test
    void aSessionKeepsOnlyWhatATranscriptShowsOfTheCallsItsHistoryStillHolds() {
        var events = new CallEvents(List.of());
        String huge = "x".repeat(RolloutRecorder.MAX_EVENT_STRING_CHARS + 10);
        events.seen(new EventMsg.ExecCommandBegin("c1", List.of("ls"), "/w", List.of()));
        events.seen(new EventMsg.ExecCommandEnd("c1/1", huge, huge, huge, 0, 1, huge));
        events.seen(new EventMsg.ToolCallEnd("c1/2", "view_image", true, "viewed", 1));
        events.seen(new EventMsg.McpToolCallEnd("m1", "docs", "search", 3, Json.object().put("big", huge)));
        events.seen(new EventMsg.AgentMessage("hi"));
        // A plan names no call: it is kept with the end of the script's update_plan call that follows it.
        var direct = new EventMsg.PlanUpdate("direct", List.of());
        var nested = new EventMsg.PlanUpdate("nested", List.of());
        events.seen(direct);
        events.seen(new EventMsg.ToolCallEnd("p1", "update_plan", true, "plan: 0/0 done", 1));
        events.seen(new EventMsg.ToolCallEnd("c1/5", "update_plan", false, "bad plan", 1));
        events.seen(nested);
        events.seen(new EventMsg.ToolCallEnd("c1/6", "update_plan", true, "plan: 0/0 done", 1));
        events.recorded(Json.MAPPER.valueToTree(new EventMsg.PatchApplyEnd("c2/1", "", "", true)));
        events.recorded(Json.object().put("type", "exec_command_end").put("call_id", "c1/3").put("exit_code", "x"));
        List<EventMsg> kept = events.of(List.of(script("c1", "x"), new ResponseItem.FunctionCall(null, "search",
                "{}", "m1", "mcp__docs")));
        assertThat(kept).containsExactly(
                new EventMsg.ExecCommandEnd("c1/1", "", "", RolloutRecorder.bounded(huge), 0, 1, ""),
                new EventMsg.McpToolCallEnd("m1", "docs", "search", 3, null), nested,
                new EventMsg.ToolCallEnd("c1/6", "update_plan", true, "", 1));
        assertThat(events.of(List.of(script("c2", "x")))).containsExactly(
                new EventMsg.PatchApplyEnd("c2/1", "", "", true));
    }
}
