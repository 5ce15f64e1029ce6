package dev.moka.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.moka.testkit.McpTestServers;
import dev.moka.testkit.Sse;
import java.nio.file.Files;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * A real MCP server (the everything server) asks the person for a form while its tool runs: the terminal UI shows
 * the form with the server's defaults, the person types into it, and what was sent is what the server got.
 */
class TuiMcpFormTest extends ProcessFixture {
    private Map<String, String> env() throws Exception {
        Files.writeString(home.resolve("config.toml"), "model = \"gpt-5.1-codex\"\napproval_policy = \"never\"\n"
                + "[mcp_servers.everything]\ncommand = \"node\"\nargs = [\"" + McpTestServers.everything()
                + "\", \"stdio\"]\n");
        Map<String, String> env = MokaProcess.env(home, server.url());
        env.put("TERM", "xterm-256color");
        return env;
    }

    private void modelCallsTheFormTool(String answer) {
        server.enqueue(Sse.response("r1").functionCall("c1", "mcp__everything__trigger_elicitation_request", "{}")
                .completed(), Sse.response("r2").text("m1", answer).completed());
    }

    @Test
    void theFormShowsTheServersDefaultsAndEnterSendsWhatWasTyped() throws Exception {
        modelCallsTheFormTool("Got your details.");
        try (Tmux tmux = Tmux.start(repo, env(), 100, 60)) {
            tmux.waitFor("context left");
            tmux.type("ask me");
            tmux.keys("Enter");
            String form = tmux.waitFor("enter sends");
            assertThat(form).contains("The MCP server \"everything\" asks:")
                    .contains("Please provide inputs for the following fields:")
                    .contains("It was a dark and stormy night.").contains("42").contains("3.14")
                    .contains("‹ Monica ›");
            tmux.keys("Enter");
            tmux.waitFor("String is required");
            tmux.type("Ada Lovelace");
            tmux.keys("Down");
            tmux.type(" ");
            tmux.keys("Enter");
            tmux.waitFor("Got your details.");
        }
        String toolOutput = server.requests().getLast().bodyJson().get("input").toString();
        assertThat(toolOutput).contains("Name: Ada Lovelace").contains("Agreed to terms: true")
                .contains("Favorite Integer: 42");
    }

    @Test
    void escDeclinesTheForm() throws Exception {
        modelCallsTheFormTool("You said no.");
        try (Tmux tmux = Tmux.start(repo, env(), 100, 60)) {
            tmux.waitFor("context left");
            tmux.type("ask me");
            tmux.keys("Enter");
            tmux.waitFor("enter sends");
            tmux.keys("Escape");
            String screen = tmux.waitFor("You said no.");
            assertThat(screen.substring(screen.lastIndexOf("You said no."))).doesNotContain("enter sends");
        }
        assertThat(server.requests().getLast().bodyJson().get("input").toString())
                .contains("User declined to provide the requested information");
    }
}
