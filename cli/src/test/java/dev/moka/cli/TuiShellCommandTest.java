package dev.moka.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.moka.testkit.Sse;
import java.nio.file.Files;
import org.junit.jupiter.api.Test;

/** {@code !cmd} in the composer of the real moka in tmux: a command cell, and the model reads the output. */
class TuiShellCommandTest extends ProcessFixture {
    @Test
    void aBangCommandRunsAsACellAndItsOutputReachesTheModel() throws Exception {
        server.enqueue(Sse.response("r1").text("m1", "It printed a greeting.").completed());
        try (Tmux tmux = Tmux.start(repo, terminalEnv(), 80, 30, "-s", "workspace-write")) {
            tmux.waitFor("context left");
            tmux.type("!echo hello from the shell > out.txt; cat out.txt");
            tmux.keys("Enter");
            String screen = tmux.waitFor("│ hello from the shell");
            assertThat(screen).contains("✓ Ran echo hello from the shell > out.txt; cat out.txt", "exit 0");
            assertThat(repo.resolve("out.txt")).hasContent("hello from the shell");
            assertThat(server.requests()).isEmpty();
            tmux.type("what did it print?");
            tmux.keys("Enter");
            tmux.waitFor("It printed a greeting.");
        }
        String sent = server.requests().getFirst().bodyJson().toString();
        assertThat(sent).contains("<user_shell_command>", "hello from the shell", "what did it print?");
    }

    @Test
    void aBangCommandStaysInsideAReadOnlySandboxAndABareBangIsOneLine() throws Exception {
        try (Tmux tmux = Tmux.start(repo, terminalEnv(), 80, 30, "-s", "read-only")) {
            tmux.waitFor("context left");
            tmux.type("!touch forbidden.txt");
            tmux.keys("Enter");
            String screen = tmux.waitFor("✗ Ran touch forbidden.txt");
            assertThat(screen).doesNotContain("Allow Moka");
            tmux.type("!");
            tmux.keys("Enter");
            tmux.waitFor("Type a command after !, e.g. !git status");
        }
        assertThat(Files.exists(repo.resolve("forbidden.txt"))).isFalse();
        assertThat(server.requests()).isEmpty();
    }
}
