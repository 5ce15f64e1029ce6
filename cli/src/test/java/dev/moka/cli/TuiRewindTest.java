package dev.moka.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.moka.testkit.Sse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/**
 * {@code /rewind} in the real moka in tmux, in a directory that is no git repository: files a turn's command and
 * patch changed go back with the conversation, a resumed session rewinds too, a file the person changed since is
 * marked and kept unless told, and a rewind can be redone until the next message.
 */
class TuiRewindTest extends ProcessFixture {
    private static final String PATCH = "*** Begin Patch\n*** Update File: notes.txt\n@@\n-old line\n+new line\n"
            + "*** End Patch\n";
    /** A classic model calling exec_command and apply_patch directly. */
    private static final String[] CLASSIC = {"--full-auto", "-m", "gpt-5.1-codex", "-c",
            "tools.shell_type=\"exec_command\""};

    @BeforeEach
    void noGit() throws Exception {
        Files.delete(repo.resolve(".git"));
        Files.writeString(repo.resolve("notes.txt"), "old line\n");
    }

    private void enqueueTwoTurns() {
        server.enqueue(Sse.response("r1").text("m1", "Answer one.").completed(),
                Sse.response("r2").functionCall("c1", "exec_command", "{\"cmd\":\"echo made > made.txt\"}")
                        .completed(),
                Sse.response("r3").customToolCall("c2", "apply_patch", PATCH).completed(),
                Sse.response("r4").text("m2", "The notes are edited.").completed());
    }

    private void twoTurns(Tmux tmux) throws Exception {
        tmux.waitFor("context left");
        tmux.type("first question");
        tmux.keys("Enter");
        tmux.waitFor("Answer one.");
        tmux.type("edit the notes");
        tmux.keys("Enter");
        tmux.waitFor("The notes are edited.");
        assertThat(repo.resolve("notes.txt")).hasContent("new line");
        assertThat(repo.resolve("made.txt")).hasContent("made");
    }

    @Test
    void rewindingCodeAndConversationPutsBackTheFilesAndTheNextRequest() throws Exception {
        enqueueTwoTurns();
        server.enqueue(Sse.response("r5").text("m3", "Answer three.").completed());
        try (Tmux tmux = Tmux.start(repo, terminalEnv(), 100, 40, CLASSIC)) {
            twoTurns(tmux);
            tmux.type("/rewind");
            tmux.keys("Enter");
            String screen = tmux.waitFor("Rewind to before which prompt? (1 of 2 back, newest first)");
            String list = screen.substring(screen.lastIndexOf("Rewind to before which prompt?"));
            assertThat(list).contains("› edit the notes", "  first question");
            assertThat(list.indexOf("edit the notes")).isLessThan(list.indexOf("first question"));
            tmux.keys("Enter");
            screen = tmux.waitFor("Rewind to before “edit the notes”");
            assertThat(screen.substring(screen.lastIndexOf("Rewind to before “edit"))).contains(
                    "› Code and conversation", "Conversation only", "Code only");
            tmux.keys("Enter");
            screen = tmux.waitFor("changes these files:");
            assertThat(screen.substring(screen.lastIndexOf("changes these files:"))).contains("restore notes.txt",
                    "remove  made.txt", "› Rewind these files", "Cancel");
            tmux.keys("Enter");
            tmux.waitFor("Rewound the files: restored notes.txt; removed made.txt");
            assertThat(repo.resolve("notes.txt")).hasContent("old line");
            assertThat(repo.resolve("made.txt")).doesNotExist();
            tmux.waitFor("Rewound the conversation to before “edit the notes”");
            tmux.keys("C-u");
            tmux.type("another question");
            tmux.keys("Enter");
            tmux.waitFor("Answer three.");
        }
        List<JsonNode> first = server.requests().get(0).input();
        List<JsonNode> afterRewind = server.requests().get(4).input();
        assertThat(afterRewind.subList(0, first.size())).isEqualTo(first);
        assertThat(afterRewind.getLast().toString()).contains("another question");
        assertThat(afterRewind.toString()).contains("Answer one.").doesNotContain("edit the notes")
                .doesNotContain("The notes are edited.").doesNotContain("made.txt");
    }

    @Test
    void aResumedSessionRewindsItsCodeKeepingWhatThePersonChangedAndCanRedo() throws Exception {
        enqueueTwoTurns();
        try (Tmux tmux = Tmux.start(repo, terminalEnv(), 100, 40, CLASSIC)) {
            twoTurns(tmux);
            tmux.keys("C-d");
            tmux.waitFor("moka resume ");
        }
        // The person edits a file the turn changed, then resumes.
        Files.writeString(repo.resolve("notes.txt"), "my own line\n");
        String[] resume = Stream.concat(Stream.of("resume", "--last"), Stream.of(CLASSIC)).toArray(String[]::new);
        try (Tmux tmux = Tmux.start(repo, terminalEnv(), 100, 40, resume)) {
            tmux.waitFor("The notes are edited.");
            tmux.keys("Escape");
            tmux.keys("Escape");
            tmux.waitFor("Rewind to before which prompt? (1 of 2 back, newest first)");
            tmux.keys("Enter");
            tmux.waitFor("Rewind to before “edit the notes”");
            tmux.keys("Down", "Down");
            tmux.waitFor("› Code only");
            tmux.keys("Enter");
            String screen = tmux.waitFor("changes these files (* changed since by you):");
            assertThat(screen.substring(screen.lastIndexOf("changes these files"))).contains("* restore notes.txt",
                    "  remove  made.txt", "› Rewind, keeping the files marked * as they are now",
                    "Rewind, overwriting those too");
            tmux.keys("Enter");
            tmux.waitFor("Rewound the files: removed made.txt; kept your changes to notes.txt");
            assertThat(repo.resolve("notes.txt")).hasContent("my own line");
            assertThat(repo.resolve("made.txt")).doesNotExist();
            tmux.type("/rewind");
            tmux.keys("Enter");
            tmux.waitFor("A rewind is waiting for your next message");
            tmux.keys("Enter");
            tmux.waitFor("Redid the rewind: restored made.txt");
            assertThat(repo.resolve("made.txt")).hasContent("made");
            assertThat(repo.resolve("notes.txt")).hasContent("my own line");
        }
        assertThat(server.requests()).hasSize(4);
    }

    @Test
    void theStoreKeepsItsCopiesUnderMokaHome() throws Exception {
        enqueueTwoTurns();
        try (Tmux tmux = Tmux.start(repo, terminalEnv(), 100, 40, CLASSIC)) {
            twoTurns(tmux);
            tmux.keys("C-d");
            tmux.waitFor("moka resume ");
        }
        Path snapshots = home.resolve("snapshots");
        try (Stream<Path> sessions = Files.list(snapshots)) {
            Path session = sessions.findFirst().orElseThrow();
            assertThat(session.resolve("spans.jsonl")).exists();
            assertThat(Files.readAllLines(session.resolve("spans.jsonl"))).hasSize(2);
        }
        assertThat(repo).isDirectoryNotContaining(p -> p.getFileName().toString().contains("moka"));
    }

    @Test
    void whatAShellCommandOfThePersonsChangedGoesBackWithTheTurnsAfterItUnmarked() throws Exception {
        server.enqueue(Sse.response("r1").text("m1", "Answer one.").completed(),
                Sse.response("r2").text("m2", "Answer two.").completed());
        try (Tmux tmux = Tmux.start(repo, terminalEnv(), 100, 40, CLASSIC)) {
            tmux.waitFor("context left");
            tmux.type("first question");
            tmux.keys("Enter");
            tmux.waitFor("Answer one.");
            tmux.type("!echo typed > shell.txt");
            tmux.keys("Enter");
            tmux.waitFor("Ran echo typed > shell.txt");
            tmux.type("second question");
            tmux.keys("Enter");
            tmux.waitFor("Answer two.");
            assertThat(repo.resolve("shell.txt")).hasContent("typed");
            tmux.type("/rewind");
            tmux.keys("Enter");
            tmux.waitFor("Rewind to before which prompt?");
            tmux.keys("Escape");
            tmux.waitFor("(2 of 2 back, newest first)");
            tmux.keys("Enter");
            tmux.waitFor("› Code and conversation");
            tmux.keys("Down", "Down");
            tmux.waitFor("› Code only");
            tmux.keys("Enter");
            // Moka ran it, so it is not marked as changed by someone else.
            String screen = tmux.waitFor("changes these files:");
            assertThat(screen.substring(screen.lastIndexOf("changes these files"))).contains("  remove  shell.txt")
                    .doesNotContain("*");
            tmux.keys("Enter");
            tmux.waitFor("Rewound the files: removed shell.txt");
            assertThat(repo.resolve("shell.txt")).doesNotExist();
        }
    }
}
