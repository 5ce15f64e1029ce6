package dev.moka.cli.exec;

import static org.assertj.core.api.Assertions.assertThat;

import dev.moka.cli.text.Style;
import dev.moka.core.session.Recording;
import dev.moka.protocol.EventMsg;
import dev.moka.protocol.Json;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/** The human printer fed real events, writing to real streams; colour as on a terminal unless said. */
class HumanPrinterTest {
    private static final String RED = "\u001b[31m";
    private static final String GREEN = "\u001b[32m";
    private static final String CYAN = "\u001b[36m";

    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();

    private HumanPrinter printer(Style style) {
        return new HumanPrinter(new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8), style,
                () -> new Recording.Complete(Path.of("/home/rollout.jsonl")));
    }

    private String stdout() {
        return out.toString(StandardCharsets.UTF_8);
    }

    private String stderr() {
        return err.toString(StandardCharsets.UTF_8);
    }

    @Test
    void deltasNeverReachStdoutOnlyTheCompletedMessageDoes() {
        HumanPrinter printer = printer(Style.PLAIN);
        printer.print(new EventMsg.AgentMessageDelta("The answer is 41."));
        printer.print(new EventMsg.StreamError("stream interrupted; retrying 1/5"));
        printer.print(new EventMsg.AgentMessageDelta("The answer is 42."));
        printer.print(new EventMsg.AgentMessage("The answer is 42."));

        assertThat(stdout()).isEqualTo("The answer is 42.\n");
    }

    @Test
    void onATerminalADiffIsColouredByLineKind() {
        HumanPrinter printer = printer(new Style(true));
        printer.print(configured());
        printer.print(new EventMsg.PatchApplyBegin("p1", true, changes()));
        printer.print(new EventMsg.PatchApplyEnd("p1", "Success.", "", true));

        assertThat(stderr()).contains("  M src/a.txt (+1 -1)\n").contains("  A b.txt (+1)\n")
                .contains("    " + CYAN + "@@ -1,1 +1,1 @@")
                .contains("    " + RED + "-old").contains("    " + GREEN + "+new").contains(GREEN + "+born");
    }

    @Test
    void aFailedPatchSaysWhyInRedAndListsItsFilesWithoutADiff() {
        HumanPrinter printer = printer(new Style(true));
        printer.print(configured());
        printer.print(new EventMsg.PatchApplyBegin("p1", true, changes()));
        printer.print(new EventMsg.PatchApplyEnd("p1", "", "The patch could not be written: disk full", false));
        printer.print(new EventMsg.ToolCallEnd("p1", "apply_patch", false, "disk full", 3));

        assertThat(stderr()).contains(RED + "patch failed: The patch could not be written: disk full")
                .contains("  M src/a.txt (+1 -1)").doesNotContain("-old").doesNotContain("apply_patch failed");
    }

    @Test
    void toolBriefsShowForToolsWithoutOwnEventsAndForFailures() {
        HumanPrinter printer = printer(new Style(true));
        printer.print(new EventMsg.ToolCallEnd("c1", "fetch_url", true, "fetched example.com (3 KB)", 40));
        printer.print(new EventMsg.ToolCallEnd("c2", "view_image", false, "no such file: x.png", 1));
        printer.print(new EventMsg.ToolCallEnd("c3", "update_plan", true, "plan updated", 1));
        printer.print(new EventMsg.ExecCommandBegin("c4", List.of("ls"), "/w", List.of()));
        printer.print(new EventMsg.ExecCommandEnd("c4", "", "", "", 2, 10, ""));
        printer.print(new EventMsg.ToolCallEnd("c4", "shell", false, "exit 2", 10));

        assertThat(stderr()).contains("fetch_url: fetched example.com (3 KB)\n")
                .contains(RED + "view_image failed: no such file: x.png")
                .contains(RED + "  exit 2 in 0.0s")
                .doesNotContain("plan updated").doesNotContain("shell failed");
    }

    @Test
    void plainStyleWritesNoEscapeAtAll() {
        HumanPrinter printer = printer(Style.PLAIN);
        printer.print(configured());
        printer.print(new EventMsg.PatchApplyBegin("p1", true, changes()));
        printer.print(new EventMsg.PatchApplyEnd("p1", "Success.", "", true));
        printer.print(new EventMsg.Error("the model call failed"));

        assertThat(stderr()).contains("-old").contains("error: the model call failed").doesNotContain("\u001b");
    }

    @Test
    void noColorDisablesColourWhateverTheTerminal() {
        assertThat(Style.detect(Map.of("NO_COLOR", "1"))).isEqualTo(Style.PLAIN);
        assertThat(Style.detect(Map.of("TERM", "dumb"))).isEqualTo(Style.PLAIN);
    }

    @Test
    void aLongDiffIsCutWithACount() {
        HumanPrinter printer = printer(Style.PLAIN);
        ObjectNode add = Json.object();
        add.putObject("add").put("content", "line\n".repeat(PatchView.MAX_DIFF_LINES + 50));
        printer.print(configured());
        printer.print(new EventMsg.PatchApplyBegin("p1", true, Map.of("/work/big.txt", add)));
        printer.print(new EventMsg.PatchApplyEnd("p1", "Success.", "", true));

        assertThat(stderr()).contains("  A big.txt (+250)").contains("    … 50 more lines of diff not shown");
        assertThat(stderr().lines().filter(l -> l.equals("    +line"))).hasSize(PatchView.MAX_DIFF_LINES);
    }

    private static EventMsg.SessionConfigured configured() {
        return new EventMsg.SessionConfigured("sid-1", "gpt-5", "openai", "/work", "never", "read-only", null,
                "/home/rollout.jsonl", 0, 0, false);
    }

    private static Map<String, JsonNode> changes() {
        Map<String, JsonNode> changes = new LinkedHashMap<>();
        ObjectNode update = Json.object();
        update.putObject("update").put("unified_diff", "@@ -1,1 +1,1 @@\n-old\n+new\n").putNull("move_path");
        changes.put("/work/src/a.txt", update);
        ObjectNode add = Json.object();
        add.putObject("add").put("content", "born\n");
        changes.put("/work/b.txt", add);
        return changes;
    }
}
