package dev.moka.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.moka.testkit.Sse;
import java.nio.file.Files;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Each answer to an approval stays in the transcript, live and after a resume; a denied command is never shown
 * as run; a dangerous command's prompt shows the model's own justification.
 */
class TuiApprovalTranscriptTest extends ProcessFixture {
    private Map<String, String> env() throws Exception {
        Files.writeString(home.resolve("config.toml"), "model = \"gpt-5.1-codex\"\napproval_policy = \"untrusted\"\n");
        Map<String, String> env = MokaProcess.env(home, server.url());
        env.put("TERM", "xterm-256color");
        return env;
    }

    @Test
    void aDeniedCommandStaysDeniedAfterResumeAndAnApprovedOneSaysSo() throws Exception {
        Files.createDirectories(repo.resolve("build"));
        server.enqueue(Sse.response("r1").functionCall("c1", "shell", "{\"command\":[\"rm\",\"-rf\",\"build\"],"
                        + "\"justification\":\"the build directory is stale\"}").completed(),
                Sse.response("r2").functionCall("c2", "shell", "{\"command\":[\"touch\",\"made.txt\"]}").completed(),
                Sse.response("r3").text("m1", "Left the build alone.").completed());
        try (Tmux tmux = Tmux.start(repo, env(), 100, 40)) {
            tmux.waitFor("context left");
            tmux.type("clean up");
            tmux.keys("Enter");
            String screen = tmux.waitFor("Allow Moka to run this command?");
            assertThat(screen).contains("the model says: the build directory is");
            tmux.type("r");
            tmux.waitFor("Tell Moka why not");
            tmux.type("keep it");
            tmux.keys("Enter");
            tmux.waitFor("Denied: rm -rf build (keep it)");
            tmux.waitFor("$ touch made.txt");
            tmux.type("y");
            tmux.waitFor("Approved: touch made.txt");
            tmux.waitFor("Left the build alone.");
            tmux.keys("C-d");
            tmux.waitFor("moka resume ");
        }
        assertThat(repo.resolve("build")).isDirectory();
        try (Tmux tmux = Tmux.start(repo, env(), 100, 40, "resume", "--last")) {
            String screen = tmux.waitFor("Left the build alone.");
            assertThat(screen).contains("Denied: rm -rf build (keep it)", "Approved: touch made.txt",
                    "Ran touch made.txt").doesNotContain("Ran rm");
            assertThat(screen.indexOf("Denied: rm -rf build")).isLessThan(screen.indexOf("Approved: touch"));
        }
    }
}
