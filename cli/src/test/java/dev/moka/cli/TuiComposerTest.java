package dev.moka.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.moka.testkit.Sse;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/** The composer and the screen around it in the real moka in tmux: pastes, the slash popup, resizes. */
class TuiComposerTest extends ProcessFixture {
    @Test
    void aPasteOf200LinesIsOnePlaceholderAndGoesWholeWithTheMessage() throws Exception {
        String pasted = IntStream.rangeClosed(1, 200).mapToObj(i -> "pasted line " + i)
                .collect(Collectors.joining("\n"));
        server.enqueue(Sse.response("r1").text("m1", "Read all of it.").completed());
        try (Tmux tmux = Tmux.start(repo, terminalEnv(), 100, 30)) {
            tmux.waitFor("context left");
            tmux.type("look at this: ");
            tmux.paste(pasted);
            String screen = tmux.waitFor("› look at this: [Pasted text: 200 lines]");
            assertThat(screen).doesNotContain("pasted line 2");
            // A small paste stays inline.
            tmux.paste(" two\nlines");
            tmux.waitFor("[Pasted text: 200 lines] two");
            tmux.keys("Enter");
            tmux.waitFor("Read all of it.");
        }
        String sent = server.requests().getFirst().input().getLast().toString();
        assertThat(sent).contains("look at this: pasted line 1\\npasted line 2\\n", "pasted line 200 two\\nlines")
                .doesNotContain("[Pasted text");
    }

    @Test
    void ctrlOOpensThePasteInTheComposer() throws Exception {
        try (Tmux tmux = Tmux.start(repo, terminalEnv(), 100, 30)) {
            tmux.waitFor("context left");
            tmux.paste("a\nb\nc\nd\ne\nf\ng");
            tmux.waitFor("› [Pasted text: 7 lines]");
            tmux.keys("C-o");
            String screen = tmux.waitUntil(s -> s.lines().anyMatch(l -> l.equals("  g")), "the paste opened");
            assertThat(screen).contains("› a").doesNotContain("[Pasted text");
        }
    }

    @Test
    void theSlashPopupMarksItsChoiceAndEnterRunsIt() throws Exception {
        try (Tmux tmux = Tmux.start(repo, terminalEnv(), 100, 30)) {
            tmux.waitFor("context left");
            tmux.type("/st");
            tmux.waitFor("› status     show the session");
            tmux.keys("Enter");
            tmux.waitFor("rollout:");
            tmux.type("/");
            tmux.waitFor("› model");
            tmux.keys("Down");
            String screen = tmux.waitFor("› permissions");
            assertThat(screen).contains("  model ");
            tmux.keys("Enter");
            tmux.waitFor("Select what Moka may do");
            tmux.keys("Escape");
            tmux.waitUntil(s -> !s.contains("enter to choose"), "the picker to close");
            // The old name still works.
            tmux.type("/approvals ");
            tmux.keys("Enter");
            tmux.waitFor("Select what Moka may do");
        }
    }

    @Test
    void aResizeAndBackLeavesOneCopyOfTheConversationInTheScrollback() throws Exception {
        String answer = IntStream.rangeClosed(1, 12).mapToObj(i -> "- answer row " + i)
                .collect(Collectors.joining("\n"));
        for (int turn = 1; turn <= 3; turn++) {
            server.enqueue(Sse.response("r" + turn).text("m" + turn, "Turn " + turn + ":\n\n" + answer).completed());
        }
        try (Tmux tmux = Tmux.start(repo, terminalEnv(), 100, 30)) {
            tmux.waitFor("context left");
            for (int turn = 1; turn <= 3; turn++) {
                tmux.type("question " + turn);
                tmux.keys("Enter");
                tmux.waitFor("Turn " + turn + ":");
            }
            tmux.waitFor("context left");
            tmux.resize(50, 20);
            tmux.waitUntil(s -> s.lines().allMatch(l -> l.length() <= 50), "the redraw at 50 columns");
            tmux.resize(100, 30);
            String screen = tmux.waitUntil(s -> s.lines().anyMatch(l -> l.length() > 50) && s.contains("context left"),
                    "the redraw at 100 columns");
            for (int turn = 1; turn <= 3; turn++) {
                String question = "› question " + turn;
                assertThat(screen.lines().filter(l -> l.equals(question)).count()).as(question).isEqualTo(1);
                String head = "Turn " + turn + ":";
                assertThat(screen.lines().filter(l -> l.equals(head)).count()).as(head).isEqualTo(1);
            }
            // Nothing blank between the conversation and the composer.
            String visible = screen.lines().skip(Math.max(0, screen.lines().count() - 30))
                    .collect(Collectors.joining("\n"));
            assertThat(visible).contains("answer row 12");
        }
    }

    @Test
    void aTallPickerClosingLeavesTheComposerAtTheBottomUnderTheConversation() throws Exception {
        String answer = IntStream.rangeClosed(1, 30).mapToObj(i -> "- answer row " + i)
                .collect(Collectors.joining("\n"));
        server.enqueue(Sse.response("r1").text("m1", "Turn:\n\n" + answer).completed());
        try (Tmux tmux = Tmux.start(repo, terminalEnv(), 100, 20)) {
            tmux.waitFor("context left");
            tmux.type("question");
            tmux.keys("Enter");
            tmux.waitFor("answer row 30");
            tmux.type("/model");
            tmux.keys("Enter");
            tmux.waitFor("Select a model");
            tmux.keys("Escape");
            // A capture can land between two writes of one frame: wait for the frame that ends in the status line.
            String screen = tmux.waitUntil(s -> !s.contains("enter to choose")
                    && s.strip().lines().reduce((first, second) -> second).orElse("").contains("context left"),
                    "the picker to close and the composer to be drawn again");
            List<String> visible = screen.lines().toList().subList(Math.max(0, (int) screen.lines().count() - 20),
                    (int) screen.lines().count());
            assertThat(visible.getLast()).contains("context left");
            // Above the composer: the conversation's end, not blank rows.
            assertThat(visible.subList(0, 10)).noneMatch(String::isBlank);
            assertThat(String.join("\n", visible)).contains("answer row 30");
            assertThat(screen.lines().filter(l -> l.equals("• answer row 30")).count()).isEqualTo(1);
        }
    }

    @Test
    void ctrlGWritesTheMessageInTheEditorAndTheKeysComeBackAfter() throws Exception {
        java.nio.file.Path editor = home.resolve("fake-editor.sh");
        java.nio.file.Files.writeString(editor, "#!/bin/sh\nsed -i 's/draft/message from the editor/' \"$1\"\n");
        editor.toFile().setExecutable(true);
        server.enqueue(Sse.response("r1").text("m1", "Got it.").completed());
        java.util.Map<String, String> env = terminalEnv();
        env.put("EDITOR", editor.toString());
        try (Tmux tmux = Tmux.start(repo, env, 100, 30)) {
            tmux.waitFor("context left");
            tmux.type("a draft");
            tmux.keys("C-g");
            tmux.waitFor("› a message from the editor");
            tmux.type(", typed after");
            tmux.waitFor("› a message from the editor, typed after");
            tmux.keys("Enter");
            tmux.waitFor("Got it.");
        }
        assertThat(server.requests().getFirst().input().getLast().toString())
                .contains("a message from the editor, typed after");
    }
}
