package dev.moka.cli.tui;

import static org.assertj.core.api.Assertions.assertThat;

import dev.moka.protocol.EventMsg;
import dev.moka.protocol.ResponseItem;
import dev.moka.protocol.ResponseItemCodec;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/** The conversation a resumed session's history makes: the cells the live events made, read back. */
class ConversationTest {
    private static final String PATCH = "*** Begin Patch\n*** Update File: notes.txt\n@@\n-old line\n+new line\n"
            + "*** End Patch\n";

    private final Conversation conversation = new Conversation(new DisplaySettings(false, false, Theme.DARK, false));

    @BeforeEach
    void resume() {
        conversation.apply(new EventMsg.SessionConfigured("s1", "gpt-5.1-codex", "openai", "/work", "never",
                "workspace-write", null, null, 0, 0, true));
    }

    private void history(ResponseItem... items) {
        List<JsonNode> entries = Stream.of(items).map(i -> (JsonNode) ResponseItemCodec.toJson(i)).toList();
        conversation.apply(new EventMsg.ConversationHistoryResponse("s1", entries));
    }

    private String screen() {
        return conversation.cells().stream().flatMap(c -> c.render(80, Theme.DARK).stream())
                .map(l -> l.render(false)).collect(Collectors.joining("\n"));
    }

    @Test
    void aResumedTranscriptShowsTheCommandsPatchesAndPlanBetweenThePromptsAndAnswers() {
        history(ResponseItem.Message.user("<environment_context>\n<cwd>/work</cwd>\n</environment_context>"),
                ResponseItem.Message.user("fix the notes"),
                new ResponseItem.FunctionCall(null, "exec_command", "{\"cmd\":\"cat notes.txt\"}", "c1"),
                new ResponseItem.FunctionCallOutput("c1", "Wall time: 0.012 seconds\nProcess exited with code 0\n"
                        + "Output:\nold line\n"),
                new ResponseItem.FunctionCall(null, "update_plan", "{\"plan\":[{\"step\":\"edit the notes\","
                        + "\"status\":\"completed\"},{\"step\":\"check them\",\"status\":\"pending\"}]}", "c2"),
                new ResponseItem.FunctionCallOutput("c2", "Plan updated"),
                new ResponseItem.CustomToolCall(null, "apply_patch", PATCH, "c3"),
                new ResponseItem.CustomToolCallOutput("c3", "Success. Updated the following files:\nM notes.txt\n"),
                new ResponseItem.FunctionCall(null, "exec_command", "{\"cmd\":\"grep -c new notes.txt\"}", "c4"),
                new ResponseItem.FunctionCallOutput("c4", "Wall time: 1.500 seconds\nProcess exited with code 2\n"
                        + "Output:\ngrep: notes.txt: Permission denied\n"),
                ResponseItem.Message.assistant("The notes say **new line** now."));

        assertThat(conversation.cells()).extracting(c -> c.getClass().getSimpleName())
                .containsExactly("Prompt", "CommandCell", "PlanCell", "PatchCell", "CommandCell", "Answer");
        assertThat(screen()).contains("› fix the notes", "✓ Ran cat notes.txt\n  exit 0 · 0.0s\n  │ old line",
                "• Plan", "✔ edit the notes", "□ check them", "• Edited", "M notes.txt +1 -1", "-old line",
                "+new line", "✗ Ran grep -c new notes.txt\n  exit 2 · 1.5s\n  │ grep: notes.txt: Permission denied",
                "The notes say new line now.").doesNotContain("environment_context", "Wall time", "Plan updated");
        assertThat(conversation.prompts()).containsExactly("fix the notes");
    }

    @Test
    void aCommandWhoseOutputDoesNotSayHowItEndedHasNoExitCodeAndAFailedPatchSaysWhy() {
        history(new ResponseItem.FunctionCall(null, "shell", "{\"command\":[\"rm\",\"-rf\",\"build\"]}", "c1"),
                new ResponseItem.FunctionCallOutput("c1", "The person denied this command."),
                new ResponseItem.CustomToolCall(null, "apply_patch", PATCH, "c2"),
                new ResponseItem.CustomToolCallOutput("c2", "The patch was not applied: notes.txt changed\n"
                        + "No file was changed: correct the patch and send all of it again."));

        String screen = screen();
        assertThat(screen).contains("• Ran rm -rf build\n  │ The person denied this command.",
                "✗ Patch failed: The patch was not applied: notes.txt changed", "M notes.txt +1 -1")
                .doesNotContain("exit", "✓", "• Edited");
    }

    @Test
    void aLiveCommandCellIsUnchanged() {
        conversation.apply(new EventMsg.ExecCommandBegin("c1", List.of("/bin/bash", "-lc", "make"), "/work",
                List.of()));
        conversation.apply(new EventMsg.ExecCommandEnd("c1", "", "", "built\n", 0, 2_300, "built\n"));
        assertThat(screen()).isEqualTo("✓ Ran make\n  exit 0 · 2.3s\n  │ built");
    }

    @Test
    void aResumedScriptShowsTheCellsItsCallsMadeLiveOrItselfWhenTheirEventsWereLost() {
        List<EventMsg> events = List.of(
                new EventMsg.ExecCommandBegin("s1/1", List.of("/bin/bash", "-lc", "make"), "/work", List.of()),
                new EventMsg.ExecCommandEnd("s1/1", "", "", "built\n", 0, 2_300, ""),
                new EventMsg.McpToolCallBegin("s1/2", "docs", "search", null),
                new EventMsg.McpToolCallEnd("s1/2", "docs", "search", 30, null),
                new EventMsg.ToolCallEnd("s1", "exec", true, "", 2_400));
        List<JsonNode> entries = Stream.of(ResponseItem.Message.user("build it"),
                new ResponseItem.CustomToolCall(null, "exec", "await tools.exec_command({cmd: 'make'});", "s1",
                        "functions"),
                new ResponseItem.CustomToolCallOutput("s1", "Script completed\nWall time 2.4 seconds\nOutput:\n"),
                new ResponseItem.CustomToolCall(null, "exec", "// @exec: {}\nconst n = 7;\ntext(n);", "s2",
                        "functions"),
                new ResponseItem.CustomToolCallOutput("s2", "Script completed\nWall time 0.1 seconds\nOutput:\n\n"
                        + "1\n2\n3\n4\n5\n6\n7\n"),
                ResponseItem.Message.assistant("Built.")).map(i -> (JsonNode) ResponseItemCodec.toJson(i)).toList();
        conversation.apply(new EventMsg.ConversationHistoryResponse("s1", entries, events));

        assertThat(conversation.cells()).extracting(c -> c.getClass().getSimpleName())
                .containsExactly("Prompt", "CommandCell", "Notice", "ScriptCell", "Answer");
        assertThat(screen()).contains("› build it", "✓ Ran make\n  exit 0 · 2.3s\n  │ built",
                "■ Called docs.search in 30 ms",
                "• Ran a script: const n = 7;\n  │ 1\n  │ 2\n  │ 3\n  │ 4\n  │ 5\n  │ … 2 more lines\n", "Built.")
                .doesNotContain("Wall time", "@exec", "await tools");
    }
}
