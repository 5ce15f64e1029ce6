package dev.moka.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.moka.testkit.Sse;
import java.nio.file.Files;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** {@code /undo} in the real moka in tmux, in a real git repository. */
class TuiUndoTest extends ProcessFixture {
    @BeforeEach
    void realRepository() throws Exception {
        Files.delete(repo.resolve(".git"));
        Files.writeString(repo.resolve("notes.txt"), "old line\n");
        run("git", "init", "-q");
        run("git", "add", "notes.txt");
        run("git", "-c", "user.name=t", "-c", "user.email=t@example.com", "commit", "-qm", "start");
    }

    private void run(String... command) throws Exception {
        Process process = new ProcessBuilder(List.of(command)).directory(repo.toFile()).redirectErrorStream(true)
                .start();
        String out = new String(process.getInputStream().readAllBytes());
        assertThat(process.waitFor()).as(out).isZero();
    }

    @Test
    void undoRestoresTheFilesTheLastTurnChanged() throws Exception {
        server.enqueue(Sse.response("r1").functionCall("c1", "shell",
                        "{\"command\":[\"bash\",\"-c\",\"echo new line > notes.txt; echo hi > extra.txt\"]}").completed(),
                Sse.response("r2").text("m1", "Edited the notes.").completed());
        try (Tmux tmux = Tmux.start(repo, terminalEnv(), 120, 30, "--full-auto")) {
            tmux.waitFor("context left");
            tmux.type("edit the notes");
            tmux.keys("Enter");
            tmux.waitFor("Edited the notes.");
            assertThat(repo.resolve("notes.txt")).hasContent("new line");
            tmux.type("/undo");
            tmux.keys("Enter");
            tmux.waitFor("Undid the file changes of the turn \"edit the notes\": restored notes.txt; removed"
                    + " extra.txt");
            assertThat(repo.resolve("notes.txt")).hasContent("old line");
            assertThat(repo.resolve("extra.txt")).doesNotExist();
            tmux.type("/undo");
            tmux.keys("Enter");
            tmux.waitFor("nothing to undo: no turn of this session changed files");
        }
    }
}
