package dev.moka.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.moka.testkit.Sse;
import java.nio.file.Files;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * An approval prompt lives as long as the engine waits on it: when its turn ends (completed, interrupted or
 * failed), the prompt leaves the screen, and a key pressed afterwards is the composer's, not an answer to a
 * request nobody waits on any more.
 */
class TuiApprovalLifetimeTest extends ProcessFixture {
    private static final String ASKS = "Allow Moka to run this command?";
    /** A script whose nested command needs approval; its exec call answers after 3 s, whatever the person did. */
    private static final String SCRIPT = """
            // @exec: {"yield_time_ms": 3000}
            try {
              const r = await tools.exec_command({cmd: "touch made.txt"});
              text("ran, exit " + r.exit_code);
            } catch (e) {
              text("refused: " + e.message);
            }
            """;

    private Map<String, String> env(String model) throws Exception {
        Files.writeString(home.resolve("config.toml"), "model = \"" + model + "\"\napproval_policy = \"untrusted\"\n");
        Map<String, String> env = MokaProcess.env(home, server.url());
        env.put("TERM", "xterm-256color");
        return env;
    }

    /** What the screen shows below the last occurrence of {@code marker}: the live area once the turn ended. */
    private static String below(String screen, String marker) {
        return screen.substring(screen.lastIndexOf(marker));
    }

    /** After the turn: the prompt is gone, and {@code y} is typed into the composer rather than approving. */
    private void promptIsGoneAndKeysAreTheComposers(Tmux tmux, String endedWith) throws Exception {
        assertThat(below(tmux.screen(), endedWith)).doesNotContain(ASKS).doesNotContain("y yes")
                .contains("Ask Moka to do anything");
        tmux.type("y");
        String screen = tmux.waitUntil(s -> below(s, endedWith).contains("› y"), "the y in the composer");
        assertThat(below(screen, endedWith)).doesNotContain(ASKS).doesNotContain("no approval request");
        assertThat(repo.resolve("made.txt")).doesNotExist();
    }

    @Test
    void ctrlCAtADirectApprovalEndsTheTurnAndThePrompt() throws Exception {
        server.enqueue(Sse.response("r1").functionCall("c1", "shell", "{\"command\":[\"touch\",\"made.txt\"]}")
                .completed());
        try (Tmux tmux = Tmux.start(repo, env("gpt-5.1-codex"), 80, 40)) {
            tmux.waitFor("context left");
            tmux.type("work");
            tmux.keys("Enter");
            tmux.waitFor(ASKS);
            tmux.keys("C-c");
            tmux.waitFor("Interrupted");
            promptIsGoneAndKeysAreTheComposers(tmux, "Interrupted");
        }
    }

    @Test
    void aScriptsApprovalLeavesWhenTheTurnCompletesWithoutAnAnswer() throws Exception {
        server.enqueue(Sse.response("r1").customToolCall("s1", "functions", "exec", SCRIPT).completed(),
                Sse.response("r2").text("m1", "The script waits for you.").completed());
        try (Tmux tmux = Tmux.start(repo, env("gpt-6.1-sol"), 80, 40)) {
            tmux.waitFor("context left");
            tmux.type("work");
            tmux.keys("Enter");
            tmux.waitFor(ASKS);
            tmux.waitFor("The script waits for you.");
            promptIsGoneAndKeysAreTheComposers(tmux, "The script waits for you.");
        }
    }

    @Test
    void aScriptsApprovalLeavesWhenTheTurnFails() throws Exception {
        server.enqueue(Sse.response("r1").customToolCall("s1", "functions", "exec", SCRIPT).completed(),
                Sse.response("r2").failed("invalid_prompt", "the model refused"));
        try (Tmux tmux = Tmux.start(repo, env("gpt-6.1-sol"), 80, 40)) {
            tmux.waitFor("context left");
            tmux.type("work");
            tmux.keys("Enter");
            tmux.waitFor(ASKS);
            tmux.waitFor("the model refused");
            promptIsGoneAndKeysAreTheComposers(tmux, "the model refused");
        }
    }

    @Test
    void ctrlCAtAScriptsApprovalStopsTheTurnItWaitsIn() throws Exception {
        // The model's next answer never comes: only the person stopping the turn ends it.
        server.enqueue(Sse.response("r1").customToolCall("s1", "functions", "exec", SCRIPT).completed(),
                Sse.response("r2").text("m1", "Never", " shown").stallAfter(2, Duration.ofSeconds(60)));
        try (Tmux tmux = Tmux.start(repo, env("gpt-6.1-sol"), 80, 40)) {
            tmux.waitFor("context left");
            tmux.type("work");
            tmux.keys("Enter");
            tmux.waitFor(ASKS);
            // Past the exec call's yield: the turn now waits on the model, the script on the person.
            tmux.waitUntil(s -> server.requests().size() == 2, "the model to be asked again");
            tmux.keys("C-c");
            tmux.waitFor("Interrupted");
            promptIsGoneAndKeysAreTheComposers(tmux, "Interrupted");
        }
    }
}
