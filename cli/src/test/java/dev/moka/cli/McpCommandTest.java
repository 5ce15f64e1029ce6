package dev.moka.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.moka.protocol.Json;
import dev.moka.testkit.McpTestServers;
import dev.moka.testkit.MockResponsesServer;
import dev.moka.testkit.Sse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

/** `moka mcp list/get/add/remove` through the real process: config.toml's bytes before and after, and what then loads. */
class McpCommandTest {
    /** Comments, odd spacing, blank lines, a table with no final newline: all must survive byte for byte. */
    static final String ODD = "# my moka\nmodel   =   \"gpt-5.1-codex\"    # pinned\n\n\n[tools]  # tools\n"
            + "view_image=false\n\n# a server I keep\n[mcp_servers.keep]\ncommand = \"keep-mcp\"\n"
            + "env = { API_TOKEN = \"tok-123456789\", REGION = \"eu\" }\n[projects.\"/tmp/x\"]\ntrust_level = \"trusted\"";

    @TempDir
    Path home;

    @TempDir
    Path repo;

    private MokaProcess.Result moka(String... args) throws Exception {
        return MokaProcess.run(repo, Map.of("MOKA_HOME", home.toString()), args);
    }

    @Test
    void addThenRemoveChangesOnlyTheServersTableAndKeepsTheFilesMode() throws Exception {
        Path config = home.resolve("config.toml");
        Files.writeString(config, ODD);
        Files.setPosixFilePermissions(config, PosixFilePermissions.fromString("rw-r-----"));

        var add = moka("mcp", "add", "docs", "--env", "DOCS_KEY=k-987654321", "--env", "MODE=fast", "--", "npx", "-y",
                "@acme/docs-mcp", "--port=3");
        assertThat(add.exitCode()).as(add.stderr()).isZero();
        assertThat(add.stdout()).isEqualTo("Added global MCP server 'docs'.\n");
        assertThat(Files.readString(config)).isEqualTo(ODD + "\n\n[mcp_servers.docs]\ncommand = \"npx\"\n"
                + "args = [\"-y\", \"@acme/docs-mcp\", \"--port=3\"]\nenv = { DOCS_KEY = \"k-987654321\", MODE = \"fast\" }\n");
        var web = moka("mcp", "add", "web", "--url", "https://mcp.example.com/mcp", "--bearer-token-env-var", "WEB_TOKEN");
        assertThat(web.exitCode()).as(web.stderr()).isZero();

        var removeKeep = moka("mcp", "remove", "keep");
        assertThat(removeKeep.stdout()).isEqualTo("Removed global MCP server 'keep'.\n");
        assertThat(Files.readString(config)).isEqualTo("# my moka\nmodel   =   \"gpt-5.1-codex\"    # pinned\n\n\n"
                + "[tools]  # tools\nview_image=false\n\n[projects.\"/tmp/x\"]\ntrust_level = \"trusted\"\n\n"
                + "[mcp_servers.docs]\ncommand = \"npx\"\nargs = [\"-y\", \"@acme/docs-mcp\", \"--port=3\"]\n"
                + "env = { DOCS_KEY = \"k-987654321\", MODE = \"fast\" }\n\n[mcp_servers.web]\n"
                + "url = \"https://mcp.example.com/mcp\"\nbearer_token_env_var = \"WEB_TOKEN\"\n");
        assertThat(moka("mcp", "remove", "docs").exitCode()).isZero();
        assertThat(moka("mcp", "remove", "web").exitCode()).isZero();
        assertThat(Files.readString(config)).isEqualTo("# my moka\nmodel   =   \"gpt-5.1-codex\"    # pinned\n\n\n"
                + "[tools]  # tools\nview_image=false\n\n[projects.\"/tmp/x\"]\ntrust_level = \"trusted\"\n");
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(config))).isEqualTo("rw-r-----");
        assertThat(moka("mcp", "remove", "web").stdout()).isEqualTo("No MCP server named 'web' found.\n");
    }

    @Test
    void listAndGetShowCodexsShapesWithSecretsMasked() throws Exception {
        Files.writeString(home.resolve("config.toml"), ODD + "\n[mcp_servers.web]\nurl = \"https://w.example/mcp\"\n"
                + "http_headers = { Authorization = \"Basic dXNlcjpwYXNz\" }\n");

        var list = moka("mcp", "list");
        assertThat(list.exitCode()).as(list.stderr()).isZero();
        assertThat(list.stdout()).isEqualTo(
                  "Name  Command   Args  Env                         Cwd  Status   Auth\n"
                + "keep  keep-mcp  -     API_TOKEN=*****, REGION=eu  -    enabled  Unsupported\n"
                + "\n"
                + "Name  Url                    Bearer Token Env Var  Status   Auth\n"
                + "web   https://w.example/mcp  -                     enabled  Not logged in\n");
        assertThat(list.stdout() + moka("mcp", "list", "--json").stdout() + moka("mcp", "get", "web").stdout())
                .doesNotContain("tok-123456789").doesNotContain("dXNlcjpwYXNz");

        JsonNode json = Json.parse(moka("mcp", "list", "--json").stdout());
        assertThat(json.get(0).get("name").asString()).isEqualTo("keep");
        assertThat(json.get(0).get("transport").toString()).isEqualTo("{\"type\":\"stdio\",\"command\":\"keep-mcp\","
                + "\"args\":[],\"env\":{\"API_TOKEN\":\"*****\",\"REGION\":\"eu\"},\"env_vars\":[],\"cwd\":null}");
        assertThat(json.get(1).get("transport").get("http_headers").toString()).isEqualTo("{\"Authorization\":\"*****\"}");
        assertThat(json.get(1).get("auth_status").asString()).isEqualTo("not_logged_in");
        assertThat(json.get(0).get("startup_timeout_sec").asDouble()).isEqualTo(10.0);

        assertThat(moka("mcp", "get", "keep").stdout()).isEqualTo("keep\n  enabled: true\n  transport: stdio\n"
                + "  command: keep-mcp\n  args: -\n  cwd: -\n  env: API_TOKEN=*****, REGION=eu\n"
                + "  startup_timeout_sec: 10\n  tool_timeout_sec: 60\n  auth: Unsupported\n  remove: moka mcp remove keep\n");
        JsonNode one = Json.parse(moka("mcp", "get", "web", "--json").stdout());
        assertThat(one.get("transport").get("url").asString()).isEqualTo("https://w.example/mcp");
        assertThat(one.has("auth_status")).isFalse();
        var missing = moka("mcp", "get", "nope");
        assertThat(missing.exitCode()).isEqualTo(2);
        assertThat(missing.stderr()).isEqualTo("moka: mcp get: No MCP server named 'nope' found.\n");
    }

    @Test
    void eachMistakeIsOneLineExitTwoAndTheFileUntouched() throws Exception {
        Path config = home.resolve("config.toml");
        Files.writeString(config, ODD);
        assertMistake(moka("mcp", "add", "keep", "--", "x"), "already has an MCP server named 'keep'");
        assertMistake(moka("mcp", "add", "bad.name", "--", "x"), "invalid server name 'bad.name'");
        assertMistake(moka("mcp", "add", "docs"), "needs the server's command after --");
        assertMistake(moka("mcp", "add", "docs", "npx"), "needs the server's command after --");
        assertMistake(moka("mcp", "add", "docs", "--env", "NOEQUALS", "--", "x"), "KEY=VALUE form");
        assertThat(Files.readString(config)).isEqualTo(ODD);

        String damaged = ODD + "\n[mcp_servers.broken\n";
        Files.writeString(config, damaged);
        assertMistake(moka("mcp", "add", "docs", "--", "x"), "invalid TOML");
        assertMistake(moka("mcp", "remove", "keep"), "invalid TOML");
        assertMistake(moka("mcp", "list"), "invalid TOML");
        assertThat(Files.readString(config)).isEqualTo(damaged);
    }

    @Test
    void anAddedServerIsListedAndReallyServesTheSession() throws Exception {
        try (MockResponsesServer server = MockResponsesServer.start()) {
            Files.createDirectories(repo.resolve(".git"));
            Map<String, String> env = MokaProcess.env(home, server.url());
            var add = MokaProcess.run(repo, env, "mcp", "add", "everything", "--env", "NODE_PATH="
                    + McpTestServers.nodeModules(), "--", "node", McpTestServers.everything().toString(), "stdio");
            assertThat(add.exitCode()).as(add.stderr()).isZero();
            assertThat(MokaProcess.run(repo, env, "mcp", "list").stdout()).contains("everything  node");

            server.enqueue(Sse.response("r1").created().text("m1", "Done.").completed());
            var run = MokaProcess.run(repo, env, "exec", "hi");

            assertThat(run.exitCode()).as(run.stderr()).isZero();
            assertThat(server.requests().getFirst().bodyJson().get("tools").toString()).contains("mcp__everything")
                    .contains("get_sum");
        }
    }

    private void assertMistake(MokaProcess.Result result, String message) {
        assertThat(result.exitCode()).as(result.stderr()).isEqualTo(2);
        assertThat(result.stderr().lines()).singleElement().asString().startsWith("moka: mcp ").contains(message);
        assertThat(result.stdout()).isEmpty();
    }
}
