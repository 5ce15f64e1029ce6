package dev.moka.core.session;

import static org.assertj.core.api.Assertions.assertThat;

import dev.moka.core.exec.ProcessRunner;
import dev.moka.core.tools.Tool;
import dev.moka.core.tools.patch.ApplyPatchTool;
import dev.moka.core.tools.patch.PatchInterceptingShell;
import dev.moka.core.tools.shell.ShellTool;
import dev.moka.protocol.EventMsg;
import dev.moka.protocol.Json;
import dev.moka.testkit.Sse;
import java.nio.file.Files;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/** apply_patch end to end: the model's call over the wire, the files on disk, and what goes back. */
class ApplyPatchSessionTest extends SessionFixture {
    private static final String PATCH = """
            *** Begin Patch
            *** Update File: greet.txt
            @@
            -hello
            +hello, moka
            *** Add File: notes/new.md
            +# Notes
            *** End Patch
            """;

    @BeforeEach
    void setUp() throws Exception {
        Files.writeString(cwd.resolve("greet.txt"), "hello\nworld\n");
    }

    private List<Tool> tools(ApplyPatchTool.Form form) {
        ApplyPatchTool patches = ApplyPatchTool.forTurns(form);
        return List.of(new PatchInterceptingShell<>(
                new ShellTool(new ProcessRunner(), Map.of("PATH", System.getenv("PATH"))), patches).asTool(),
                patches.asTool());
    }

    private void assertPatched(List<EventMsg> events) throws Exception {
        assertThat(Files.readString(cwd.resolve("greet.txt"))).isEqualTo("hello, moka\nworld\n");
        assertThat(Files.readString(cwd.resolve("notes/new.md"))).isEqualTo("# Notes\n");
        assertThat(events).anySatisfy(e -> assertThat(e).isInstanceOf(EventMsg.PatchApplyBegin.class));
        assertThat(events).anySatisfy(e -> assertThat(e).isInstanceOfSatisfying(EventMsg.TurnDiff.class,
                diff -> assertThat(diff.unifiedDiff()).contains("+hello, moka").contains("+# Notes")));
    }

    @Test
    void theFreeformFormCarriesTheRawPatchAndGetsACustomToolOutput() throws Exception {
        server.enqueue(Sse.response("r1").customToolCall("call_p", "apply_patch", PATCH).completed(),
                Sse.response("r2").text("m1", "patched").completed());
        try (Session session = SessionHarness.startWithTools(server, home, cwd, "gpt-5.1-codex",
                tools(ApplyPatchTool.Form.FREEFORM))) {
            assertPatched(SessionHarness.turn(session, "patch it"));
        }
        JsonNode spec = server.requests().getFirst().bodyJson().get("tools").get(1);
        assertThat(spec.get("type").asString()).isEqualTo("custom");
        assertThat(spec.get("format").get("type").asString()).isEqualTo("grammar");
        List<JsonNode> input = server.requests().get(1).input();
        JsonNode call = input.get(input.size() - 2);
        JsonNode output = input.getLast();
        assertThat(call.get("type").asString()).isEqualTo("custom_tool_call");
        assertThat(call.get("input").asString()).isEqualTo(PATCH);
        assertThat(output.get("type").asString()).isEqualTo("custom_tool_call_output");
        assertThat(output.get("call_id").asString()).isEqualTo("call_p");
        assertThat(output.get("output").asString()).contains("M greet.txt").contains("A notes/new.md");
    }

    @Test
    void theFunctionFormCarriesThePatchAsInput() throws Exception {
        String arguments = Json.write(Json.object().put("input", PATCH));
        server.enqueue(Sse.response("r1").functionCall("call_p", "apply_patch", arguments).completed(),
                Sse.response("r2").text("m1", "patched").completed());
        try (Session session = SessionHarness.startWithTools(server, home, cwd, "gpt-4.1",
                tools(ApplyPatchTool.Form.FUNCTION))) {
            assertPatched(SessionHarness.turn(session, "patch it"));
        }
        JsonNode spec = server.requests().getFirst().bodyJson().get("tools").get(1);
        assertThat(spec.get("type").asString()).isEqualTo("function");
        JsonNode output = server.requests().get(1).input().getLast();
        assertThat(output.get("type").asString()).isEqualTo("function_call_output");
        assertThat(output.get("output").asString()).contains("M greet.txt");
    }

    @Test
    void aHeredocSentThroughTheShellIsAppliedByThePatchEngine() throws Exception {
        String script = "apply_patch <<'EOF'\n" + PATCH + "EOF\n";
        String arguments = Json.write(Json.object().set("command", Json.array().add("bash").add("-lc").add(script)));
        server.enqueue(Sse.response("r1").functionCall("call_s", "shell", arguments).completed(),
                Sse.response("r2").text("m1", "patched").completed());
        try (Session session = SessionHarness.startWithTools(server, home, cwd, "gpt-5.1-codex",
                tools(ApplyPatchTool.Form.FREEFORM))) {
            List<EventMsg> events = SessionHarness.turn(session, "patch it");
            assertPatched(events);
            assertThat(events).noneMatch(EventMsg.ExecCommandBegin.class::isInstance);
        }
        JsonNode output = server.requests().get(1).input().getLast();
        assertThat(output.get("type").asString()).isEqualTo("function_call_output");
        assertThat(output.get("output").asString()).contains("A notes/new.md");
    }

    @Test
    void aFailingHunkLeavesEveryFileAsItWasAndTellsTheModelWhere() throws Exception {
        String bad = PATCH.replace("-hello\n", "-goodbye\n");
        server.enqueue(Sse.response("r1").customToolCall("call_p", "apply_patch", bad).completed(),
                Sse.response("r2").text("m1", "sorry").completed());
        try (Session session = SessionHarness.startWithTools(server, home, cwd, "gpt-5.1-codex",
                tools(ApplyPatchTool.Form.FREEFORM))) {
            SessionHarness.turn(session, "patch it");
        }
        assertThat(Files.readString(cwd.resolve("greet.txt"))).isEqualTo("hello\nworld\n");
        assertThat(cwd.resolve("notes")).doesNotExist();
        String output = server.requests().get(1).input().getLast().get("output").asString();
        assertThat(output).contains("greet.txt").contains("goodbye").contains("No file was changed");
    }
}
