package dev.moka.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.moka.testkit.Sse;
import java.nio.file.Files;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Slash commands, the @ finder, resizing and resume, in the real moka in tmux. */
class TuiCommandsTest extends ProcessFixture {
    @BeforeEach
    void prepare() throws Exception {
        Files.createDirectories(repo.resolve("src/main"));
        Files.writeString(repo.resolve("src/main/Widget.java"), "class Widget {}\n");
    }

    /** A slash command typed whole: the first Enter takes the popup's completion, the second runs it. */
    private static void command(Tmux tmux, String line) throws Exception {
        tmux.type(line);
        tmux.keys("Enter");
        tmux.keys("Enter");
    }

    /** A line typed and entered, then the screen waited on until it shows {@code shown}. */
    private static String enter(Tmux tmux, String line, String shown) throws Exception {
        tmux.type(line);
        tmux.keys("Enter");
        return tmux.waitFor(shown);
    }

    @Test
    void statusModelPickerAndFileCompletion() throws Exception {
        try (Tmux tmux = Tmux.start(repo, terminalEnv(), 80, 30, "-m", "gpt-5.1-codex")) {
            tmux.waitFor("context left");
            tmux.type("/sta");
            tmux.waitFor("status     show the session");
            tmux.keys("Enter");
            tmux.keys("Enter");
            String screen = tmux.waitFor("rollout:");
            assertThat(screen).contains("model:     gpt-5.1-codex", "approval:", "sandbox:", "% of the context left");
            enter(tmux, "/model", "Select a model");
            tmux.keys("Escape");
            // Keys typed within a few milliseconds of Esc would read as Alt+key, as in any terminal program.
            tmux.waitUntil(s -> !s.contains("enter to choose"), "the picker to close");
            tmux.type("look at @widg");
            tmux.waitFor("src/main/Widget.java");
            tmux.keys("Tab");
            tmux.waitFor("› look at src/main/Widget.java");
        }
    }

    @Test
    void customPromptIsACommandWithItsArgumentsSubstituted() throws Exception {
        Files.createDirectories(home.resolve("prompts"));
        Files.writeString(home.resolve("prompts/explain.md"), "Explain $1 to a $2.\nContext: $ARGUMENTS\n");
        server.enqueue(Sse.response("r1").text("m1", "It is a widget.").completed());
        try (Tmux tmux = Tmux.start(repo, terminalEnv(), 80, 30)) {
            tmux.waitFor("context left");
            tmux.type("/expl");
            tmux.waitFor("explain    prompt: Explain $1 to a $2.");
            tmux.type("ain src/main/Widget.java 'new colleague'");
            tmux.keys("Enter");
            String screen = tmux.waitFor("It is a widget.");
            assertThat(screen).contains("› Explain src/main/Widget.java to a new colleague.");
            String sent = server.requests().getFirst().bodyJson().toString();
            assertThat(sent).contains("Context: src/main/Widget.java new colleague");
        }
    }

    @Test
    void mcpListsNoToolsAndInitRefusesWhereAgentsMdExists() throws Exception {
        Files.writeString(repo.resolve("AGENTS.md"), "# Rules\n");
        try (Tmux tmux = Tmux.start(repo, terminalEnv(), 80, 30)) {
            tmux.waitFor("context left");
            command(tmux, "/mcp");
            tmux.waitFor("No MCP tools: no MCP server is configured");
            command(tmux, "/init");
            tmux.waitFor("AGENTS.md already exists here");
            assertThat(server.requests()).isEmpty();
        }
    }

    @Test
    void initAsksTheModelForAnAgentsMd() throws Exception {
        server.enqueue(Sse.response("r1").text("m1", "Wrote AGENTS.md.").completed());
        try (Tmux tmux = Tmux.start(repo, terminalEnv(), 80, 30)) {
            tmux.waitFor("context left");
            command(tmux, "/init");
            tmux.waitFor("Wrote AGENTS.md.");
            assertThat(server.requests().getFirst().bodyJson().toString())
                    .contains("Write an AGENTS.md file at the root of this repository");
        }
    }

    @Test
    void newStartsAFreshConversationInTheSameUi() throws Exception {
        server.enqueue(Sse.response("r1").text("m1", "First answer.").completed());
        server.enqueue(Sse.response("r2").text("m2", "Second answer.").completed());
        try (Tmux tmux = Tmux.start(repo, terminalEnv(), 80, 30)) {
            tmux.waitFor("context left");
            enter(tmux, "remember the word teapot", "First answer.");
            command(tmux, "/new");
            String screen = tmux.waitFor("Started a new conversation; to go back to the previous one: moka resume");
            enter(tmux, "what was the word?", "Second answer.");
            assertThat(screen).contains("› remember the word teapot");
            var second = server.requests().get(1).bodyJson();
            assertThat(second.toString()).contains("what was the word?").doesNotContain("teapot");
            String firstId = server.requests().get(0).bodyJson().path("prompt_cache_key").asString("");
            assertThat(second.path("prompt_cache_key").asString("")).isNotEqualTo(firstId);
        }
    }

    @Test
    void ctrlRFindsAnEarlierMessageOfThisSessionAndOfTheHistoryFile() throws Exception {
        server.enqueue(Sse.response("r1").text("m1", "Brewed.").completed());
        try (Tmux tmux = Tmux.start(repo, terminalEnv(), 80, 30)) {
            tmux.waitFor("context left");
            enter(tmux, "brew the tea please", "Brewed.");
            tmux.keys("C-d");
            tmux.waitFor("moka resume ");
        }
        server.enqueue(Sse.response("r2").text("m2", "Washed.").completed(),
                Sse.response("r3").text("m3", "Brewed again.").completed());
        try (Tmux tmux = Tmux.start(repo, terminalEnv(), 80, 30)) {
            tmux.waitFor("context left");
            enter(tmux, "wash the cups", "Washed.");
            tmux.type("draft");
            tmux.keys("C-r");
            tmux.waitFor("search history:");
            tmux.type("te");
            tmux.waitFor("› brew the tea please");
            tmux.keys("Escape");
            tmux.waitUntil(s -> !s.contains("search history:") && s.contains("› draft"), "the search to close");
            tmux.keys("C-u");
            tmux.keys("C-r");
            tmux.type("tea");
            tmux.waitFor("› brew the tea please");
            tmux.keys("Enter");
            tmux.waitUntil(s -> !s.contains("search history:"), "the search to close");
            tmux.keys("Enter");
            tmux.waitFor("Brewed again.");
            assertThat(server.requests().get(2).bodyJson().toString()).contains("brew the tea please");
        }
    }

    @Test
    void resizingTo60ColumnsRewrapsWithoutGarbledLinesAndResumeShowsTheTranscript() throws Exception {
        String long1 = "This answer is long enough to wrap at sixty columns, and it keeps going so that "
                + "the rewrap can be seen.";
        server.enqueue(Sse.response("r1").text("m1", long1).completed());
        String id;
        try (Tmux tmux = Tmux.start(repo, terminalEnv(), 80, 30)) {
            tmux.waitFor("context left");
            enter(tmux, "first question", "the rewrap can be seen.");
            tmux.resize(60, 30);
            String screen = tmux.waitUntil(s -> s.lines().anyMatch(l -> l.startsWith("This answer is long enough"))
                    && s.lines().allMatch(l -> l.length() <= 60), "every row within 60 columns");
            assertThat(screen).contains("› first question");
            tmux.keys("C-d");
            id = tmux.waitFor("moka resume ").lines().filter(l -> l.contains("moka resume "))
                    .findFirst().orElseThrow().replaceAll(".*moka resume ", "").strip();
        }
        try (Tmux tmux = Tmux.start(repo, terminalEnv(), 80, 30, "resume", id)) {
            String screen = tmux.waitFor("the rewrap can be seen.");
            assertThat(screen).contains("› first question");
        }
    }
}
