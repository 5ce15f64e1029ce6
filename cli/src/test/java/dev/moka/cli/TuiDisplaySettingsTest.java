package dev.moka.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.moka.testkit.Sse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.regex.MatchResult;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * config.toml's display keys in the real moka in tmux: what the screen shows, and for the escapes a terminal
 * acts on without showing them (OSC 8 links, OSC 9 notifications) the exact bytes moka wrote to it.
 */
class TuiDisplaySettingsTest extends ProcessFixture {
    private static final String OSC8 = "\u001b]8;;";
    private static final String ST = "\u001b\\";
    /** An SGR sequence that turns on dim (faint) text, alone or with other attributes. */
    private static final Pattern SGR = Pattern.compile("\u001b\\[[\\d;]*m");
    private static final Pattern DIM = Pattern.compile("\u001b\\[(\\d+;)*2(;\\d+)*m");

    @BeforeEach
    void prepare() throws Exception {
        Files.createDirectories(repo.resolve("src"));
        Files.writeString(repo.resolve("src/Foo.java"), "class Foo {}\n");
    }

    private Map<String, String> env(String configToml) throws Exception {
        Files.writeString(home.resolve("config.toml"), "model = \"gpt-5.1-codex\"\napproval_policy = \"on-request\"\n"
                + configToml);
        Map<String, String> env = MokaProcess.env(home, server.url());
        env.put("TERM", "xterm-256color");
        return env;
    }

    private static String enter(Tmux tmux, String line, String shown) throws Exception {
        tmux.type(line);
        tmux.keys("Enter");
        return tmux.waitFor(shown);
    }

    private static String bytes(Path file) throws Exception {
        return Files.readString(file, StandardCharsets.UTF_8);
    }

    @Test
    void fileReferencesInAnAnswerLinkToTheEditorAndTurnsAndApprovalsNotify() throws Exception {
        server.enqueue(
                Sse.response("r1").text("m1", "Look at src/Foo.java:12 and `src/Foo.java`, not lib/Gone.java.")
                        .completed(),
                Sse.response("r2").functionCall("c1", "shell", "{\"command\":[\"touch\",\"made.txt\"],"
                        + "\"with_escalated_permissions\":true,\"justification\":\"needs to write\"}").completed(),
                Sse.response("r3").text("m2", "Done.").completed());
        Path out = home.resolve("terminal-bytes.txt");
        try (Tmux tmux = Tmux.start(repo, env("file_opener = \"cursor\"\n[tui]\nnotifications = true\n"), 100, 30)) {
            tmux.recordOutput(out);
            tmux.waitFor("context left");
            String screen = enter(tmux, "where?", "not lib/Gone.java.");
            assertThat(screen).contains("Look at src/Foo.java:12 and src/Foo.java, not lib/Gone.java.");
            String file = repo.toRealPath().resolve("src/Foo.java").toString();
            tmux.waitUntil(s -> sent(out).contains("\u001b]9;Moka: Look at"), "the turn's notification");
            String sent = bytes(out);
            assertThat(sent).contains(OSC8 + "cursor://file" + file + ":12" + ST + "src/Foo.java:12" + OSC8 + ST,
                    OSC8 + "cursor://file" + file + ST + "\u001b[33msrc/Foo.java\u001b[0m" + OSC8 + ST,
                    "\u001b]9;Moka: Look at src/Foo.java:12 and `src/Foo.java`, not lib/Gone.java.\u0007");
            assertThat(sent).doesNotContain("Gone.java" + OSC8).doesNotContain("file://");

            enter(tmux, "write it", "Allow Moka to run this command?");
            tmux.waitUntil(s -> sent(out).contains("\u001b]9;Moka asks to run touch made.txt\u0007"),
                    "the approval's notification");
            tmux.type("n");
            tmux.waitFor("Done.");
        }
    }

    @Test
    void notificationsAreSentOnlyWhileTheTerminalReportsItIsNotFocused() throws Exception {
        server.enqueue(Sse.response("r1").text("m1", "Seen here.").completed(),
                Sse.response("r2").text("m2", "Done while away.").completed());
        Path out = home.resolve("terminal-bytes.txt");
        try (Tmux tmux = Tmux.start(repo, env("[tui]\nnotifications = true\n"), 100, 30)) {
            tmux.recordOutput(out);
            tmux.waitFor("context left");
            tmux.waitUntil(s -> sent(out).contains("\u001b[?1004h"), "focus reports to be asked for");
            tmux.focus(true);
            enter(tmux, "here?", "Seen here.");
            // The reply shows before the turn's end is handled; a focus report typed in between would come first.
            tmux.waitUntil(s -> !s.contains("Working ("), "the first turn to end");
            tmux.focus(false);
            enter(tmux, "away?", "Done while away.");
            tmux.waitUntil(s -> sent(out).contains("\u001b]9;Moka: Done while away.\u0007"),
                    "the notification sent while away");
            // The turn that ended while the person was looking notified no one.
            assertThat(bytes(out).split("\u001b]9;", -1)).hasSize(2);
            // The reports are no keys: nothing of them reached the composer or the prompts sent.
            String screen = tmux.screen();
            assertThat(screen).contains("› here?", "› away?").doesNotContain("[I").doesNotContain("[O");
            tmux.type("/quit");
            tmux.keys("Enter");
            tmux.waitFor("This conversation:");
            tmux.waitUntil(s -> sent(out).contains("\u001b[?1004l"), "focus reports to be turned off");
        }
    }

    @Test
    void aKilledUiGivesTheShellItsTerminalBack() throws Exception {
        Path out = home.resolve("killed-bytes.txt");
        try (Tmux tmux = Tmux.start(repo, env(""), 100, 30)) {
            tmux.recordOutput(out);
            tmux.waitFor("context left");
            tmux.waitUntil(s -> sent(out).contains("\u001b[?2004h\u001b[?1004h"), "the modes to be turned on");
            ProcessHandle.of(tmux.pid()).orElseThrow().destroy(); // SIGTERM, as `kill` or a closed window sends
            // The pane's process has exited once its last bytes are out (tmux may reap it later).
            tmux.waitUntil(s -> sent(out).contains("\u001b[?2004l\u001b[?1004l"), "the modes to be turned off");
        }
    }

    @Test
    void noColourAndFileOpenerNoneLinkNothingAndNotificationsAreOffByDefault() throws Exception {
        server.enqueue(Sse.response("r1").text("m1", "See src/Foo.java:3.").completed(),
                Sse.response("r2").text("m2", "Again src/Foo.java:4.").completed());
        Path plain = home.resolve("plain-bytes.txt");
        Map<String, String> noColour = env("");
        noColour.put("NO_COLOR", "1");
        try (Tmux tmux = Tmux.start(repo, noColour, 100, 30)) {
            tmux.recordOutput(plain);
            tmux.waitFor("context left");
            enter(tmux, "where?", "See src/Foo.java:3.");
        }
        Path none = home.resolve("none-bytes.txt");
        try (Tmux tmux = Tmux.start(repo, env("file_opener = \"none\"\n"), 100, 30)) {
            tmux.recordOutput(none);
            tmux.waitFor("context left");
            enter(tmux, "where?", "Again src/Foo.java:4.");
        }
        for (Path file : new Path[] {plain, none}) {
            assertThat(bytes(file)).contains("src/Foo.java:").doesNotContain(OSC8).doesNotContain("\u001b]9;");
        }
    }

    @Test
    void reasoningSummariesHideAndRawReasoningShowsAsConfigured() throws Exception {
        Sse reply = Sse.response("r1")
                .rawEvent("response.reasoning_text.delta", "{\"item_id\":\"rs1\",\"delta\":\"raw: weighing the \"}")
                .rawEvent("response.reasoning_text.delta", "{\"item_id\":\"rs1\",\"delta\":\"two options\"}")
                .reasoning("rs1", "Summary: choose the first", null)
                .text("m1", "The answer.").completed();
        server.enqueue(reply, reply);
        try (Tmux tmux = Tmux.start(repo, env("hide_agent_reasoning = true\nshow_raw_agent_reasoning = true\n"),
                100, 30)) {
            tmux.waitFor("context left");
            String screen = enter(tmux, "think", "The answer.");
            assertThat(screen).contains("raw: weighing the two options").doesNotContain("Summary: choose the first");
        }
        try (Tmux tmux = Tmux.start(repo, env(""), 100, 30)) {
            tmux.waitFor("context left");
            String screen = enter(tmux, "think", "The answer.");
            assertThat(screen).contains("Summary: choose the first").doesNotContain("weighing");
        }
    }

    @Test
    void rawReasoningStreamsDimmedBeforeItsStepFinishes() throws Exception {
        // The server stops after the deltas: the step never finishes until the person interrupts it.
        server.enqueue(Sse.response("r1")
                .rawEvent("response.reasoning_text.delta", "{\"item_id\":\"rs1\",\"delta\":\"First I read the "
                        + "tests.\\n\\nThen \"}")
                .rawEvent("response.reasoning_text.delta", "{\"item_id\":\"rs1\",\"delta\":\"the failing one\"}")
                .reasoning("rs1", "Summary", null).text("m1", "Never shown.").completed()
                .stallAfter(3, java.time.Duration.ofSeconds(60)));
        try (Tmux tmux = Tmux.start(repo, env("show_raw_agent_reasoning = true\n"), 100, 30)) {
            tmux.waitFor("context left");
            String screen = enter(tmux, "think", "Then the failing one");
            assertThat(screen).contains("First I read the tests.").contains("Working (").doesNotContain("Never shown");
            // Dimmed, the finished paragraph and the one still arriving alike: tmux sets dim before the first and
            // resets no attribute up to the second.
            String coloured = colours(tmux);
            int first = coloured.indexOf("First I read");
            int second = coloured.indexOf("the failing one");
            String row = coloured.substring(coloured.lastIndexOf('\n', first) + 1, first);
            assertThat(DIM.matcher(row).find()).as("dim before %s", row.replace("\u001b", "ESC")).isTrue();
            assertThat(SGR.matcher(coloured.substring(first, second)).results().map(MatchResult::group)
                    .filter(sgr -> !DIM.matcher(sgr).find()))
                    .noneMatch(sgr -> sgr.equals("\u001b[m") || sgr.startsWith("\u001b[0") || sgr.contains(";22"));
            tmux.keys("Escape");
            screen = tmux.waitFor("Interrupted");
            assertThat(screen).contains("First I read the tests.", "Then the failing one");
        }
    }

    @Test
    void theThemeComesFromConfigUnlessMokaThemeSaysOtherwise() throws Exception {
        // The person's prompt is drawn bold in the theme's user colour: cyan (36) when dark, blue (34) when light.
        Map<String, String> light = env("[tui]\ntheme = \"light\"\n");
        try (Tmux tmux = Tmux.start(repo, light, 80, 24)) {
            tmux.waitFor("context left");
            tmux.type("/quit");
            tmux.waitUntil(s -> colours(tmux).contains("\u001b[34m› "), "the light theme's blue");
        }
        light.put("MOKA_THEME", "dark");
        try (Tmux tmux = Tmux.start(repo, light, 80, 24)) {
            tmux.waitFor("context left");
            tmux.type("/quit");
            tmux.waitUntil(s -> colours(tmux).contains("\u001b[36m› "), "the dark theme's cyan");
        }
    }

    private static String colours(Tmux tmux) {
        try {
            return tmux.colouredScreen();
        } catch (Exception e) {
            throw new AssertionError(e);
        }
    }

    private static String sent(Path file) {
        try {
            return Files.exists(file) ? Files.readString(file, StandardCharsets.UTF_8) : "";
        } catch (java.io.IOException e) {
            throw new AssertionError(e);
        }
    }
}
