package dev.moka.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.moka.testkit.McpTestServers;
import dev.moka.testkit.Sse;
import java.nio.file.Files;
import org.junit.jupiter.api.Test;

/** MCP servers that fail to start, as `moka exec` reports them. */
class ExecMcpTest extends ProcessFixture {
    @Test
    void aRequiredServerThatFailsEndsTheRunWithItsOwnErrorAndSendsNothing() throws Exception {
        Files.writeString(home.resolve("config.toml"), "model = \"gpt-5.1-codex\"\n"
                + failingServer("db", "FATAL: role \"moka\" does not exist") + "required = true\n");

        var run = MokaProcess.run(repo, MokaProcess.env(home, server.url()), "exec", "hi");

        assertThat(run.exitCode()).isEqualTo(1);
        assertThat(run.stdout()).isEmpty();
        assertThat(run.stderr().strip()).isEqualTo("moka: MCP server \"db\" is required (" + home.resolve("config.toml")
                + ":2: mcp_servers.db) but it exited before it was ready; on stderr it said: FATAL: role \"moka\" does"
                + " not exist");
        assertThat(server.requests()).isEmpty();
    }

    @Test
    void anOptionalServerThatFailsIsOneWarningLineAndTheRunGoesOn() throws Exception {
        server.enqueue(Sse.response("r1").created().text("m1", "Answered without it.").completed());
        Files.writeString(home.resolve("config.toml"), "model = \"gpt-5.1-codex\"\n"
                + failingServer("flaky", "cannot open /var/lib/flaky.db"));

        var run = MokaProcess.run(repo, MokaProcess.env(home, server.url()), "exec", "hi");

        assertThat(run.exitCode()).as(run.stderr()).isZero();
        assertThat(run.stdout()).isEqualTo("Answered without it.\n");
        assertThat(run.stderr().lines().filter(line -> line.contains("flaky"))).singleElement().asString()
                .contains("MCP server \"flaky\" did not start, so its tools are not available: it exited before it"
                        + " was ready; on stderr it said: cannot open /var/lib/flaky.db");
        assertThat(run.stderr()).as("the SDK logs through SLF4J, which must stay silent").doesNotContain("SLF4J");
        assertThat(Files.readString(home.resolve("log/mcp-flaky.log"))).contains("cannot open /var/lib/flaky.db");
    }

    @Test
    void aServersFormIsDeclinedSayingSoOnStderrAndTheServerHearsTheDecline() throws Exception {
        server.enqueue(Sse.response("r1").created().functionCall("c1", "mcp__everything__trigger_elicitation_request",
                "{}").completed(), Sse.response("r2").created().text("m1", "It was declined.").completed());
        Files.writeString(home.resolve("config.toml"), "model = \"gpt-5.1-codex\"\napproval_policy = \"never\"\n"
                + "[mcp_servers.everything]\ncommand = \"node\"\nargs = [\"" + McpTestServers.everything()
                + "\", \"stdio\"]\n");

        var run = MokaProcess.run(repo, MokaProcess.env(home, server.url()), "exec", "ask me");

        assertThat(run.exitCode()).as(run.stderr()).isZero();
        assertThat(run.stderr()).contains("moka: the MCP server \"everything\" asked for input (\"Please provide"
                + " inputs for the following fields:\"); moka exec cannot show a form, so it declined");
        assertThat(server.requests().getLast().bodyJson().get("input").toString())
                .contains("User declined to provide the requested information");
        assertThat(Files.readString(home.resolve("log/mcp-everything.log"))).contains("the answer was decline");
    }

    private static String failingServer(String name, String error) {
        return "[mcp_servers." + name + "]\ncommand = \"node\"\nargs = [\"" + McpTestServers.testServer()
                + "\", \"--fail\", \"" + error.replace("\"", "\\\"") + "\"]\nenv = { NODE_PATH = \""
                + McpTestServers.nodeModules() + "\" }\n";
    }

}
