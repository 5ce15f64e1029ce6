package dev.moka.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.moka.testkit.Sse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Base64;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The slash commands Codex users type, the start banner and the keys help, in the real moka in tmux. */
class TuiSlashCommandsTest extends ProcessFixture {
    private static void run(Tmux tmux, String command) throws Exception {
        tmux.type(command);
        tmux.keys("Enter");
    }

    @Test
    void theBannerAndTheKeysHelp() throws Exception {
        try (Tmux tmux = Tmux.start(repo, terminalEnv(), 100, 30, "-m", "gpt-5.1-codex")) {
            String screen = tmux.waitUntil(s -> s.contains("? for keys") && s.contains("context left"),
                    "the banner");
            assertThat(screen).contains(">_ Moka (", "model:     gpt-5.1-codex", "directory: " + repo,
                    "sandbox:   ", "? for keys · / for commands");
            tmux.type("?");
            screen = tmux.waitFor("esc esc rewind");
            assertThat(screen).contains("ctrl+j or shift+enter new line").doesNotContain("› ?");
            tmux.type("h");
            screen = tmux.waitFor("› h");
            assertThat(screen).doesNotContain("esc esc rewind ·");
        }
    }

    @Test
    void copyWritesTheLastAnswerThroughOsc52AndExportWritesMarkdown() throws Exception {
        server.enqueue(Sse.response("r1").text("m1", "The **answer** to copy.").completed());
        Path output = Files.createTempFile("moka-output", ".bin");
        try (Tmux tmux = Tmux.start(repo, terminalEnv(), 100, 30)) {
            tmux.waitFor("context left");
            run(tmux, "/copy");
            tmux.waitFor("Nothing to copy yet");
            run(tmux, "a question");
            tmux.waitFor("to copy.");
            tmux.recordOutput(output);
            run(tmux, "/copy");
            tmux.waitFor("Copied the last answer (23 characters) to the clipboard");
            String osc = "\u001b]52;c;" + Base64.getEncoder().encodeToString("The **answer** to copy."
                    .getBytes(StandardCharsets.UTF_8)) + "\u0007";
            tmux.waitUntil(s -> {
                try {
                    return Files.readString(output).contains(osc);
                } catch (java.io.IOException e) {
                    throw new java.io.UncheckedIOException(e);
                }
            }, "the OSC 52 sequence in moka's output");
            run(tmux, "/export notes.md");
            tmux.waitFor("Exported the conversation to " + repo.resolve("notes.md"));
        }
        String markdown = Files.readString(repo.resolve("notes.md"));
        assertThat(markdown).startsWith("# Moka conversation ").contains("## You\n\na question\n\n## Moka\n",
                "The **answer** to copy.");
    }

    @Test
    void clearEmptiesTheScreenAndStartsAFreshConversation() throws Exception {
        server.enqueue(Sse.response("r1").text("m1", "Something to forget.").completed());
        try (Tmux tmux = Tmux.start(repo, terminalEnv(), 100, 30)) {
            tmux.waitFor("context left");
            run(tmux, "a question");
            tmux.waitFor("Something to forget.");
            run(tmux, "/clear");
            String screen = tmux.waitFor("Started a new conversation");
            assertThat(screen).doesNotContain("Something to forget.").doesNotContain("a question");
            run(tmux, "/ps");
            tmux.waitFor("No command is running");
        }
    }

    @Test
    void modelShowsWhatEachIsAndWritesTheDefaultKeepingEveryOtherByteAndSurvivesNew() throws Exception {
        String before = "# my settings\nmodel = \"gpt-5.1-codex\"   # the usual\nsandbox_mode = \"workspace-write\"\n\n"
                + "[tui]\nnotifications = false\n";
        Files.writeString(home.resolve("config.toml"), before);
        try (Tmux tmux = Tmux.start(repo, terminalEnv(), 120, 40)) {
            tmux.waitFor("context left");
            run(tmux, "/model");
            String screen = tmux.waitFor("Select a model");
            List<String> rows = screen.substring(screen.lastIndexOf("Select a model")).lines().toList();
            String marked = rows.stream().filter(r -> r.startsWith("› ")).findFirst().orElseThrow();
            assertThat(marked).startsWith("› gpt-5.1-codex").contains(" window · efforts ");
            String next = rows.get(rows.indexOf(marked) + 1).strip();
            String slug = next.split(" ")[0];
            tmux.keys("Down");
            tmux.waitFor("› " + slug);
            tmux.keys("Enter");
            screen = tmux.waitUntil(s -> s.contains("Reasoning effort for " + slug) || s.contains("Use " + slug),
                    "the effort or the scope");
            if (screen.contains("Reasoning effort for " + slug)) {
                tmux.keys("Enter");
                tmux.waitFor("Use " + slug);
            }
            screen = tmux.waitFor("As the default, written to");
            assertThat(screen).contains("› For this session");
            tmux.keys("Down");
            tmux.keys("Enter");
            tmux.waitFor("Wrote model = \"" + slug + "\"");
            run(tmux, "/new");
            tmux.waitFor("Started a new conversation");
            run(tmux, "/status");
            tmux.waitFor("model:     " + slug);
        }
        String after = Files.readString(home.resolve("config.toml"));
        assertThat(after).matches("(?s)# my settings\nmodel = \"[^\"]+\"   # the usual\nsandbox_mode = \"workspace-write\"\n"
                + "(model_reasoning_effort = \"[a-z]+\"\n)?\n\\[tui\\]\nnotifications = false\n");
        assertThat(after).doesNotContain("model = \"gpt-5.1-codex\"");
    }

    @Test
    void renameNamesTheConversationForResume() throws Exception {
        server.enqueue(Sse.response("r1").text("m1", "Tea is ready.").completed());
        try (Tmux tmux = Tmux.start(repo, terminalEnv(), 100, 30)) {
            tmux.waitFor("context left");
            run(tmux, "brew the tea");
            tmux.waitFor("Tea is ready.");
            run(tmux, "/rename");
            tmux.waitFor("Type the name after the command: /rename NAME");
            run(tmux, "/rename tea work");
            tmux.waitFor("Named this conversation “tea work”");
            run(tmux, "/new");
            tmux.waitFor("Started a new conversation");
            run(tmux, "/resume");
            String screen = tmux.waitFor("Resume a conversation of");
            assertThat(screen.substring(screen.lastIndexOf("Resume a conversation of"))).contains("“tea work”")
                    .doesNotContain("brew the tea");
        }
    }

    @Test
    void themeDrawsEverythingAgainInTheChosenPalette() throws Exception {
        try (Tmux tmux = Tmux.start(repo, terminalEnv(), 100, 30)) {
            tmux.waitFor("context left");
            // The dark palette draws the banner's mark in cyan, the light one in blue: everything is drawn again.
            tmux.waitUntil(s -> colour(tmux).contains("\u001b[36m>_ "), "the dark palette");
            run(tmux, "/theme");
            tmux.waitFor("Select a theme");
            tmux.keys("Down");
            tmux.waitFor("› light");
            tmux.keys("Enter");
            tmux.waitFor("Theme set to light");
            tmux.waitUntil(s -> colour(tmux).contains("\u001b[34m>_ ") && !colour(tmux).contains("\u001b[36m>_ "),
                    "the light palette, everywhere");
        }
    }

    private static String colour(Tmux tmux) {
        try {
            return tmux.colouredScreen();
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }
}
