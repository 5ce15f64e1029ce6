package dev.moka.cli.tui;

import static org.assertj.core.api.Assertions.assertThat;

import dev.moka.protocol.EventMsg;
import dev.moka.protocol.Json;
import dev.moka.protocol.PlanItem;
import dev.moka.protocol.ResponseItem;
import dev.moka.protocol.ResponseItemCodec;
import dev.moka.protocol.StepStatus;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/** The conversation a resumed session's history makes: the cells the live events made, applied again. */
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

    /** A turn with a command, a plan, a patch, an MCP call and a script's command, as the engine told it. */
    private static List<EventMsg> turn() {
        Map<String, JsonNode> changes = Map.of("/work/notes.txt", Json.object().set("update", Json.object()
                .put("unified_diff", "@@ -1 +1 @@\n-old line\n+new line\n")));
        return List.of(new EventMsg.TaskStarted(1000), new EventMsg.UserMessage("fix the notes", List.of()),
                new EventMsg.ExecCommandBegin("c1", List.of("/bin/bash", "-lc", "cat notes.txt"), "/work", List.of()),
                new EventMsg.ExecCommandEnd("c1", "", "", "old line\n", 0, 12, ""),
                new EventMsg.PlanUpdate(null, List.of(new PlanItem("edit the notes", StepStatus.COMPLETED))),
                new EventMsg.PatchApplyBegin("c3", true, changes),
                new EventMsg.PatchApplyEnd("c3", "Success.", "", true),
                new EventMsg.McpToolCallBegin("c4", "docs", "search", null),
                new EventMsg.McpToolCallEnd("c4", "docs", "search", 30, null),
                new EventMsg.ExecCommandBegin("c5/1", List.of("/bin/bash", "-lc", "make"), "/work", List.of()),
                new EventMsg.ExecCommandEnd("c5/1", "", "", "built\n", 2, 2_300, ""),
                new EventMsg.ToolCallEnd("c5", "exec", true, "", 2_400),
                new EventMsg.AgentMessage("The notes say **new line** now."), new EventMsg.TaskComplete(null));
    }

    @Test
    void aResumedHistoryShowsTheCellsItsEventsMadeLive() {
        Conversation live = new Conversation(new DisplaySettings(false, false, Theme.DARK, false));
        live.apply(new EventMsg.SessionConfigured("s1", "gpt-5.1-codex", "openai", "/work", "never",
                "workspace-write", null, null, 0, 0, false));
        live.sent(new Cell.Prompt("fix the notes"));
        turn().forEach(live::apply);

        conversation.apply(new EventMsg.ConversationHistoryResponse("s1", List.of(), turn()));

        assertThat(conversation.cells()).isEqualTo(live.cells());
        assertThat(screen()).contains("› fix the notes", "✓ Ran cat notes.txt", "• Plan", "✔ edit the notes",
                "M notes.txt +1 -1", "■ Called docs.search in 30 ms", "✗ Ran make\n  exit 2 · 2.3s\n  │ built",
                "The notes say new line now.");
        assertThat(conversation.turnRunning()).isFalse();
        assertThat(conversation.prompts()).containsExactly("fix the notes");
    }

    @Test
    void aCommandWhoseEndWasNotRecordedIsShownEndedWithoutFigures() {
        conversation.apply(new EventMsg.ConversationHistoryResponse("s1", List.of(), List.of(
                new EventMsg.UserMessage("build", List.of()),
                new EventMsg.ExecCommandBegin("c1", List.of("/bin/bash", "-lc", "make"), "/work", List.of()))));

        assertThat(conversation.runningCommands()).isEmpty();
        assertThat(screen()).contains("› build", "Ran make").doesNotContain("exit");
    }

    @Test
    void aRolloutWithoutEventsShowsItsPromptsAnswersAndCallsWithTheirRawOutput() {
        history(ResponseItem.Message.user("<environment_context>\n<cwd>/work</cwd>\n</environment_context>"),
                ResponseItem.Message.user("fix the notes"),
                new ResponseItem.FunctionCall(null, "shell", "{\"command\":[\"rm\",\"-rf\",\"build\"]}", "c1"),
                new ResponseItem.FunctionCallOutput("c1", "The person denied this command."),
                new ResponseItem.CustomToolCall(null, "apply_patch", PATCH, "c2"),
                new ResponseItem.CustomToolCallOutput("c2", "Success. Updated the following files:\nM notes.txt\n"),
                ResponseItem.Message.assistant("Done."));

        assertThat(conversation.cells()).extracting(c -> c.getClass().getSimpleName())
                .containsExactly("Prompt", "RecordedCallCell", "RecordedCallCell", "Answer");
        assertThat(screen()).contains("› fix the notes",
                "• Called shell: {\"command\":[\"rm\",\"-rf\",\"build\"]}\n  │ The person denied this command.",
                "• Called apply_patch: *** Begin Patch\n  │ Success. Updated the following files:\n  │ M notes.txt",
                "Done.").doesNotContain("environment_context");
        assertThat(conversation.prompts()).containsExactly("fix the notes");
    }

    @Test
    void aLiveCommandCellIsUnchanged() {
        conversation.apply(new EventMsg.ExecCommandBegin("c1", List.of("/bin/bash", "-lc", "make"), "/work",
                List.of()));
        conversation.apply(new EventMsg.ExecCommandEnd("c1", "", "", "built\n", 0, 2_300, "built\n"));
        assertThat(screen()).isEqualTo("✓ Ran make\n  exit 0 · 2.3s\n  │ built");
    }
}
