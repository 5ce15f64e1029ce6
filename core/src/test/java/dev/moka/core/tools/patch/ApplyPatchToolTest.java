package dev.moka.core.tools.patch;

import static org.assertj.core.api.Assertions.assertThat;

import dev.moka.core.client.ResponsesTools;
import dev.moka.core.tools.RecordingToolContext;
import dev.moka.core.tools.ToolCall;
import dev.moka.core.tools.ToolResult;
import dev.moka.protocol.Event;
import dev.moka.protocol.EventMsg;
import dev.moka.protocol.Json;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/** The tool through {@code run()}: both forms, the events it emits and the definitions it sends. */
class ApplyPatchToolTest {
    private static final String PATCH = """
            *** Begin Patch
            *** Add File: notes/todo.md
            +- write tests
            *** Update File: src/app.txt
            *** Move to: src/main.txt
            @@
             keep
            -old
            +new
            *** Delete File: junk.txt
            *** End Patch
            """;

    @TempDir
    Path dir;

    private RecordingToolContext context;

    private void givenFiles() throws IOException {
        FileTrees.write(dir, Map.of("src/app.txt", "keep\nold\n", "junk.txt", "junk\n"));
        context = new RecordingToolContext(dir);
    }

    private void assertAppliedTree() {
        assertThat(FileTrees.read(dir)).isEqualTo(FileTrees.expected(
                Map.of("notes/todo.md", "- write tests\n", "src/main.txt", "keep\nnew\n")));
    }

    @Test
    void functionFormTakesThePatchFromTheInputArgument() throws Exception {
        givenFiles();
        ObjectNode args = Json.object().put("input", PATCH);

        ToolResult result = new ApplyPatchTool(ApplyPatchTool.Form.FUNCTION)
                .asTool().run(new ToolCall("call-7", ApplyPatchTool.NAME, Json.write(args)), context);

        assertThat(result).isEqualTo(ToolResult.ok("Success. Updated the following files:\n"
                + "A notes/todo.md\nM src/main.txt (moved from src/app.txt)\nD junk.txt\n", "", "patched 3 file(s)"));
        assertAppliedTree();
    }

    @Test
    void freeformFormTakesTheRawText() throws Exception {
        givenFiles();

        ToolResult result = new ApplyPatchTool(ApplyPatchTool.Form.FREEFORM)
                .asTool().run(new ToolCall("call-7", ApplyPatchTool.NAME, PATCH), context);

        assertThat(result.success()).as(result.forModel()).isTrue();
        assertAppliedTree();
    }

    @Test
    void functionFormAcceptsABarePatchSentWithoutJson() throws Exception {
        givenFiles();

        ToolResult result = new ApplyPatchTool(ApplyPatchTool.Form.FUNCTION)
                .asTool().run(new ToolCall("call-7", ApplyPatchTool.NAME, PATCH), context);

        assertThat(result.success()).as(result.forModel()).isTrue();
        assertAppliedTree();
    }

    @Test
    void functionFormNamesAMissingOrWrongInput() throws Exception {
        givenFiles();
        ApplyPatchTool tool = new ApplyPatchTool(ApplyPatchTool.Form.FUNCTION);

        ToolResult missing = tool.asTool().run(new ToolCall("c", ApplyPatchTool.NAME, "{\"patch\":\"x\"}"), context);
        ToolResult number = tool.asTool().run(new ToolCall("c", ApplyPatchTool.NAME, "{\"input\":42}"), context);

        assertThat(missing).isEqualTo(ToolResult.failure("Invalid apply_patch arguments: missing required field"
                + " \"input\". Send {\"input\": \"<the patch>\"}, the whole patch from '*** Begin Patch' to"
                + " '*** End Patch'.", "bad apply_patch arguments"));
        assertThat(number.forModel())
                .startsWith("Invalid apply_patch arguments: \"input\" must be a string, got a number 42.");
        assertThat(context.events()).isEmpty();
    }

    @Test
    void emitsBeginEndAndTheTurnDiff() throws Exception {
        givenFiles();

        new ApplyPatchTool(ApplyPatchTool.Form.FREEFORM)
                .asTool().run(new ToolCall("call-7", ApplyPatchTool.NAME, PATCH), context);

        List<EventMsg> events = context.events();
        assertThat(events).hasSize(3);
        EventMsg.PatchApplyBegin begin = (EventMsg.PatchApplyBegin) events.get(0);
        assertThat(begin.callId()).isEqualTo("call-7");
        assertThat(begin.autoApproved()).isTrue();
        Path root = dir.toAbsolutePath();
        assertThat(begin.changes()).containsOnlyKeys(root.resolve("notes/todo.md").toString(),
                root.resolve("src/app.txt").toString(), root.resolve("junk.txt").toString());
        assertThat(Json.write(begin.changes().get(root.resolve("notes/todo.md").toString())))
                .isEqualTo("{\"add\":{\"content\":\"- write tests\\n\"}}");
        assertThat(Json.write(begin.changes().get(root.resolve("junk.txt").toString())))
                .isEqualTo("{\"delete\":{\"content\":\"junk\\n\"}}");
        JsonNode update = begin.changes().get(root.resolve("src/app.txt").toString()).get("update");
        assertThat(update.get("unified_diff").asString()).isEqualTo("@@ -1,2 +1,2 @@\n keep\n-old\n+new\n");
        assertThat(update.get("move_path").asString()).isEqualTo(root.resolve("src/main.txt").toString());

        assertThat(events.get(1)).isEqualTo(new EventMsg.PatchApplyEnd("call-7", "Success. Updated the following"
                + " files:\nA notes/todo.md\nM src/main.txt (moved from src/app.txt)\nD junk.txt\n", "", true));
        assertThat(events.get(2)).isEqualTo(new EventMsg.TurnDiff("""
                diff --git a/junk.txt b/junk.txt
                --- a/junk.txt
                +++ /dev/null
                @@ -1,1 +0,0 @@
                -junk
                diff --git a/notes/todo.md b/notes/todo.md
                --- /dev/null
                +++ b/notes/todo.md
                @@ -0,0 +1,1 @@
                +- write tests
                diff --git a/src/app.txt b/src/app.txt
                --- a/src/app.txt
                +++ /dev/null
                @@ -1,2 +0,0 @@
                -keep
                -old
                diff --git a/src/main.txt b/src/main.txt
                --- /dev/null
                +++ b/src/main.txt
                @@ -0,0 +1,2 @@
                +keep
                +new
                """));
    }

    @Test
    void eventsRoundTripThroughTheProtocolJson() throws Exception {
        givenFiles();

        new ApplyPatchTool(ApplyPatchTool.Form.FREEFORM)
                .asTool().run(new ToolCall("call-7", ApplyPatchTool.NAME, PATCH), context);

        for (EventMsg msg : context.events()) {
            Event event = new Event("sub-1", msg);
            assertThat(Json.MAPPER.readValue(Json.write(Json.MAPPER.valueToTree(event)), Event.class)).isEqualTo(event);
        }
    }

    @Test
    void aRefusedPatchEmitsNoEventAndSaysWhy() throws Exception {
        givenFiles();

        ToolResult result = new ApplyPatchTool(ApplyPatchTool.Form.FREEFORM).asTool().run(new ToolCall("c",
                ApplyPatchTool.NAME, "*** Begin Patch\n*** Update File: src/app.txt\n@@\n-absent\n+x\n*** End Patch"),
                context);

        assertThat(result.success()).isFalse();
        assertThat(result.forModel()).isEqualTo("""
                The patch was not applied: hunk 1 of 1 in src/app.txt (patch line 3): the lines it expects are not\
                 in the file. It looked for 1 line:
                  |absent
                No similar lines were found in src/app.txt.
                """ + PatchReport.NOTHING_CHANGED);
        assertThat(context.events()).isEmpty();
    }

    @Test
    void aMalformedPatchSaysItBreaksTheFormat() throws Exception {
        givenFiles();

        ToolResult result = new ApplyPatchTool(ApplyPatchTool.Form.FREEFORM)
                .asTool().run(new ToolCall("c", ApplyPatchTool.NAME, "*** Begin Patch\n*** Edit File: x\n*** End Patch"),
                        context);

        assertThat(result.forModel()).startsWith("The patch was not applied: it does not follow the patch format:"
                + " line 2: expected a file header");
    }

    @Test
    void aSharedTrackerMakesTheTurnDiffCumulative() throws Exception {
        givenFiles();
        TurnDiffTracker turn = new TurnDiffTracker();
        ApplyPatchTool tool = new ApplyPatchTool(ApplyPatchTool.Form.FREEFORM, () -> turn);

        tool.asTool().run(new ToolCall("c1", ApplyPatchTool.NAME,
                "*** Begin Patch\n*** Update File: src/app.txt\n@@\n-old\n+middle\n*** End Patch\n"), context);
        tool.asTool().run(new ToolCall("c2", ApplyPatchTool.NAME,
                "*** Begin Patch\n*** Update File: src/app.txt\n@@\n-middle\n+last\n*** End Patch\n"), context);

        List<EventMsg.TurnDiff> diffs = context.events(EventMsg.TurnDiff.class);
        assertThat(diffs).hasSize(2);
        assertThat(diffs.get(1).unifiedDiff()).isEqualTo("""
                diff --git a/src/app.txt b/src/app.txt
                --- a/src/app.txt
                +++ b/src/app.txt
                @@ -1,2 +1,2 @@
                 keep
                -old
                +last
                """);
        assertThat(turn.unifiedDiff()).isEqualTo(diffs.get(1).unifiedDiff());
    }

    @Test
    void withoutASharedTrackerEachTurnDiffHoldsOnlyItsCall() throws Exception {
        givenFiles();
        ApplyPatchTool tool = new ApplyPatchTool(ApplyPatchTool.Form.FREEFORM);

        tool.asTool().run(new ToolCall("c1", ApplyPatchTool.NAME,
                "*** Begin Patch\n*** Update File: src/app.txt\n@@\n-old\n+middle\n*** End Patch\n"), context);
        tool.asTool().run(new ToolCall("c2", ApplyPatchTool.NAME,
                "*** Begin Patch\n*** Delete File: junk.txt\n*** End Patch\n"), context);

        assertThat(context.events(EventMsg.TurnDiff.class).get(1).unifiedDiff())
                .isEqualTo("diff --git a/junk.txt b/junk.txt\n--- a/junk.txt\n+++ /dev/null\n@@ -1,1 +0,0 @@\n-junk\n");
    }

    @Test
    void functionSpecMatchesTheGoldenFileAndNeverChanges() throws IOException {
        assertSpec(new ApplyPatchTool(ApplyPatchTool.Form.FUNCTION), "apply_patch-function-spec.json");
    }

    @Test
    void freeformSpecMatchesTheGoldenFileAndNeverChanges() throws IOException {
        assertSpec(new ApplyPatchTool(ApplyPatchTool.Form.FREEFORM), "apply_patch-freeform-spec.json");
    }

    @Test
    void freeformSpecCarriesTheLarkGrammar() {
        JsonNode format = ResponsesTools.render(new ApplyPatchTool(ApplyPatchTool.Form.FREEFORM).spec()).get("format");

        assertThat(format.get("type").asString()).isEqualTo("grammar");
        assertThat(format.get("syntax").asString()).isEqualTo("lark");
        assertThat(format.get("definition").asString()).startsWith("start: begin_patch file_section+ end_patch\n")
                .contains("\"*** Update File: \" path LF move_to? hunk*").contains("%import common.LF");
    }

    private static void assertSpec(ApplyPatchTool tool, String golden) throws IOException {
        String expected;
        try (InputStream in = ApplyPatchToolTest.class.getResourceAsStream(golden)) {
            assertThat(in).as(golden).isNotNull();
            // Stored pretty-printed for review; compared as the compact bytes a request carries, key order included.
            expected = Json.write(Json.parse(new String(in.readAllBytes(), StandardCharsets.UTF_8)));
        }
        assertThat(Json.write(ResponsesTools.render(tool.spec()))).isEqualTo(expected);
    }
}
