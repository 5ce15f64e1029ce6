package dev.moka.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.moka.testkit.Sse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/**
 * The composer is drawn and takes keys while the session still opens: here a required MCP server holds the
 * session's opening until the test lets it start (a gate file), so the text is typed before the session is open
 * whatever the machine's speed.
 */
class TuiStartupTest extends ProcessFixture {
    private static final Path PROMPT_MCP_SERVER =
            Path.of("").toAbsolutePath().getParent().resolve("bin/lib/prompt-mcp-server.sh");

    @Test
    void textTypedWhileTheSessionOpensIsSentOnceItIsOpen() throws Exception {
        Path gate = home.resolve("gate");
        Files.writeString(home.resolve("config.toml"), """
                model = "gpt-5.1-codex"
                approval_policy = "never"

                [mcp_servers.slow]
                command = "sh"
                args = ["-c", "while [ ! -e '%s' ]; do sleep 0.05; done; exec '%s'"]
                required = true
                """.formatted(gate, PROMPT_MCP_SERVER));
        server.enqueue(Sse.response("r1").text("m1", "Heard you.").completed());
        try (Tmux tmux = Tmux.start(repo, terminalEnv(), 100, 30)) {
            tmux.waitFor("starting the session");
            tmux.type("typed before the session opened");
            String screen = tmux.waitFor("› typed before the session opened");
            assertThat(screen).as("the session is still opening").contains("starting the session")
                    .doesNotContain("context left");
            tmux.keys("Enter");
            Files.createFile(gate);
            tmux.waitFor("Heard you.");
            assertThat(tmux.screen()).contains("context left");
        }
        var requests = server.awaitRequests(1, Duration.ofSeconds(30));
        assertThat(requests.getFirst().body()).contains("typed before the session opened");
    }

    @Test
    void aSessionThatCannotOpenEndsTheUiWithItsError() throws Exception {
        Files.writeString(home.resolve("config.toml"), """
                model = "gpt-5.1-codex"
                approval_policy = "never"

                [mcp_servers.broken]
                command = "/nonexistent/mcp-server"
                required = true
                """);
        try (Tmux tmux = Tmux.start(repo, terminalEnv(), 100, 30)) {
            // Said once the UI has ended and given the terminal back, as it was said before there was a UI.
            tmux.waitFor("moka: MCP server \"broken\" is required");
        }
    }
}
