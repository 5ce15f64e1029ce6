package dev.moka.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.moka.testkit.Sse;
import java.nio.file.Files;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/** {@code /resume} in the real moka in tmux: a picker of this directory's sessions that reopens the chosen one. */
class TuiResumeTest extends ProcessFixture {
    @Test
    void resumePicksAnEarlierSessionOfThisDirectoryAndShowsItsTranscript() throws Exception {
        server.enqueue(Sse.response("r1").text("m1", "First answer.").completed());
        String firstId;
        try (Tmux tmux = Tmux.start(repo, terminalEnv(), 100, 30)) {
            tmux.waitFor("context left");
            tmux.type("remember the word teapot");
            tmux.keys("Enter");
            tmux.waitFor("First answer.");
            tmux.keys("C-d");
            firstId = tmux.waitFor("moka resume ").lines().filter(l -> l.contains("moka resume "))
                    .findFirst().orElseThrow().replaceAll(".*moka resume ", "").strip();
        }
        server.enqueue(Sse.response("r2").text("m2", "Second answer.").completed(),
                Sse.response("r3").text("m3", "The word was teapot.").completed());
        try (Tmux tmux = Tmux.start(repo, terminalEnv(), 100, 30)) {
            tmux.waitFor("context left");
            tmux.type("an unrelated question");
            tmux.keys("Enter");
            tmux.waitFor("Second answer.");
            tmux.type("/resume");
            tmux.keys("Enter");
            String picker = tmux.waitFor("Resume a conversation of " + repo);
            assertThat(picker).contains("› ", firstId + "  remember the word teapot");
            assertThat(picker.lines().filter(l -> l.contains("an unrelated question"))).hasSize(1);
            tmux.keys("Enter");
            String screen = tmux.waitFor("Resumed session " + firstId);
            screen = tmux.waitUntil(s -> s.substring(s.indexOf("Resumed session")).contains("First answer."),
                    "the resumed transcript");
            assertThat(screen.substring(screen.indexOf("Resumed session"))).contains("› remember the word teapot");
            tmux.type("what was the word?");
            tmux.keys("Enter");
            tmux.waitFor("The word was teapot.");
            tmux.keys("C-d");
            tmux.waitFor("moka resume " + firstId);
        }
        var third = server.requests().get(2).bodyJson();
        assertThat(third.toString()).contains("remember the word teapot", "what was the word?")
                .doesNotContain("an unrelated question");
        assertThat(third.path("prompt_cache_key").asString("")).isEqualTo(firstId);
    }

    @Test
    void resumeLastShowsTheCommandsAndTheDiffOfTheSessionAndTheContextItsHistoryTakes() throws Exception {
        Files.writeString(repo.resolve("notes.txt"), "old line\n");
        String patch = "*** Begin Patch\n*** Update File: notes.txt\n@@\n-old line\n+new line\n*** End Patch\n";
        server.enqueue(
                Sse.response("r1").functionCall("c1", "exec_command", "{\"cmd\":\"echo from-the-first-run\"}")
                        .completed(),
                Sse.response("r2").customToolCall("c2", "apply_patch", patch).completed(),
                Sse.response("r3").text("m1", "The notes are edited.").completed());
        // A classic model calling exec_command and apply_patch directly, so the calls are in the history.
        String[] classic = {"--full-auto", "-m", "gpt-5.1-codex", "-c", "tools.shell_type=\"exec_command\""};
        try (Tmux tmux = Tmux.start(repo, terminalEnv(), 100, 40, classic)) {
            tmux.waitFor("context left");
            tmux.type("edit the notes");
            tmux.keys("Enter");
            tmux.waitFor("The notes are edited.");
            tmux.keys("C-d");
            tmux.waitFor("moka resume ");
        }
        assertThat(Files.readString(repo.resolve("notes.txt"))).isEqualTo("new line\n");
        String[] resume = Stream.concat(Stream.of("resume", "--last"), Stream.of(classic)).toArray(String[]::new);
        try (Tmux tmux = Tmux.start(repo, terminalEnv(), 100, 40, resume)) {
            tmux.waitFor("The notes are edited.");
            // The engine says what the history takes with it: the status line is right before any request.
            String screen = tmux.waitUntil(s -> s.contains("% context left") && !s.contains("100% context left"),
                    "the context the resumed history takes");
            assertThat(screen).contains("› edit the notes", "✓ Ran echo from-the-first-run", "exit 0",
                    "│ from-the-first-run", "• Edited", "M notes.txt +1 -1", "-old line", "+new line");
            assertThat(screen.indexOf("› edit the notes")).isLessThan(screen.indexOf("✓ Ran echo"));
            assertThat(screen.indexOf("✓ Ran echo")).isLessThan(screen.indexOf("• Edited"));
            assertThat(screen.indexOf("• Edited")).isLessThan(screen.indexOf("The notes are edited."));
        }
        assertThat(server.requests()).hasSize(3);
    }

    @Test
    void resumeLastOfACodeModeSessionShowsTheCommandAndTheDiffItsScriptMade() throws Exception {
        Files.writeString(repo.resolve("notes.txt"), "old line\n");
        String script = "const r = await tools.exec_command({cmd: \"echo from-the-script\"});\n"
                + "await tools.apply_patch(\"*** Begin Patch\\n*** Update File: notes.txt\\n@@\\n-old line\\n"
                + "+new line\\n*** End Patch\\n\");\n"
                + "text(r.output);\n";
        server.enqueue(Sse.response("r1").customToolCall("s1", "functions", "exec", script).completed(),
                Sse.response("r2").text("m1", "The script edited the notes.").completed());
        // A code-mode model: its commands and patches are calls of a script, not items of the history.
        String[] codeMode = {"--full-auto", "-m", "gpt-6.1-sol"};
        try (Tmux tmux = Tmux.start(repo, terminalEnv(), 100, 40, codeMode)) {
            tmux.waitFor("context left");
            tmux.type("edit the notes");
            tmux.keys("Enter");
            tmux.waitFor("The script edited the notes.");
            tmux.keys("C-d");
            tmux.waitFor("moka resume ");
        }
        assertThat(Files.readString(repo.resolve("notes.txt"))).isEqualTo("new line\n");
        String[] resume = Stream.concat(Stream.of("resume", "--last"), Stream.of(codeMode)).toArray(String[]::new);
        try (Tmux tmux = Tmux.start(repo, terminalEnv(), 100, 40, resume)) {
            String screen = tmux.waitFor("The script edited the notes.");
            assertThat(screen).contains("› edit the notes", "✓ Ran echo from-the-script", "exit 0",
                    "│ from-the-script", "• Edited", "M notes.txt +1 -1", "-old line", "+new line")
                    .doesNotContain("Ran a script");
            assertThat(screen.indexOf("› edit the notes")).isLessThan(screen.indexOf("✓ Ran echo"));
            assertThat(screen.indexOf("✓ Ran echo")).isLessThan(screen.indexOf("• Edited"));
            assertThat(screen.indexOf("• Edited")).isLessThan(screen.indexOf("The script edited the notes."));
        }
        assertThat(server.requests()).hasSize(2);
    }

    @Test
    void resumeWithNoEarlierSessionSaysSoAndKeepsTheConversation() throws Exception {
        try (Tmux tmux = Tmux.start(repo, terminalEnv(), 140, 30)) {
            tmux.waitFor("context left");
            tmux.type("/resume");
            tmux.keys("Enter");
            tmux.waitFor("No earlier session with a prompt was recorded in " + repo);
            tmux.waitFor("Ask Moka to do anything");
        }
    }
}
