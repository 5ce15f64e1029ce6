package dev.moka.core.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.moka.core.config.mcp.McpApprovalMode;
import dev.moka.core.config.mcp.McpServerConfig;
import dev.moka.core.config.mcp.McpServerOAuth;
import dev.moka.core.config.mcp.McpTransportConfig;
import dev.moka.core.config.toml.ConfigException;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class McpServersConfigTest extends ConfigFixture {
    @Test
    void readsStdioAndHttpServersWithCodexKeysInFileOrder() throws Exception {
        t.write("""
                [mcp_servers.docs]
                command = "npx"
                args = ["-y", "docs-server"]
                env = { DOCS_TOKEN = "t" }
                env_vars = ["GITHUB_TOKEN"]
                cwd = "/srv/docs"
                startup_timeout_sec = 2.5
                tool_timeout_sec = 30
                enabled_tools = ["search", "read"]
                disabled_tools = ["read"]
                default_tools_approval_mode = "prompt"

                [mcp_servers.docs.tools.search]
                approval_mode = "approve"

                [mcp_servers.remote]
                url = "https://mcp.example.com/mcp"
                bearer_token_env_var = "REMOTE_TOKEN"
                http_headers = { "X-Team" = "tools" }
                env_http_headers = { "X-Org" = "ORG_ID" }
                required = true
                startup_timeout_ms = 1500

                [mcp_servers.off]
                command = "off-server"
                enabled = false
                """);

        Config config = t.load();

        assertThat(config.warnings()).isEmpty();
        List<McpServerConfig> servers = config.tools().mcpServers();
        assertThat(servers).extracting(McpServerConfig::name).containsExactly("docs", "remote", "off");
        McpServerConfig docs = servers.get(0);
        assertThat(docs.transport()).isEqualTo(new McpTransportConfig.Stdio("npx", List.of("-y", "docs-server"),
                Map.of("DOCS_TOKEN", "t"), List.of("GITHUB_TOKEN"), Path.of("/srv/docs")));
        assertThat(docs.enabled()).isTrue();
        assertThat(docs.required()).isFalse();
        assertThat(docs.startupTimeout()).isEqualTo(Duration.ofMillis(2500));
        assertThat(docs.toolTimeout()).isEqualTo(Duration.ofSeconds(30));
        assertThat(docs.offers("search")).isTrue();
        assertThat(docs.offers("read")).as("disabled after the allow-list").isFalse();
        assertThat(docs.offers("write")).as("not in enabled_tools").isFalse();
        assertThat(docs.approval("search")).isEqualTo(McpApprovalMode.APPROVE);
        assertThat(docs.approval("other")).isEqualTo(McpApprovalMode.PROMPT);
        assertThat(docs.where()).isEqualTo(t.configFile() + ":1: mcp_servers.docs");

        McpServerConfig remote = servers.get(1);
        assertThat(remote.transport()).isEqualTo(new McpTransportConfig.StreamableHttp("https://mcp.example.com/mcp",
                "REMOTE_TOKEN", Map.of("X-Team", "tools"), Map.of("X-Org", "ORG_ID")));
        assertThat(remote.required()).isTrue();
        assertThat(remote.startupTimeout()).isEqualTo(Duration.ofMillis(1500));
        assertThat(remote.toolTimeout()).isEqualTo(McpServerConfig.DEFAULT_TOOL_TIMEOUT);
        assertThat(remote.approval("anything")).isEqualTo(McpApprovalMode.AUTO);
        assertThat(remote.offers("anything")).isTrue();
        assertThat(servers.get(2).enabled()).isFalse();
        assertThat(servers.get(2).startupTimeout()).isEqualTo(Duration.ofSeconds(10));
    }

    @Test
    void unknownServerAndToolKeysAreWarnedAboutOnce() throws Exception {
        t.write("""
                [mcp_servers.docs]
                command = "docs"
                colour = "red"

                [mcp_servers.docs.tools.search]
                approval_mode = "auto"
                speed = "fast"
                """);

        assertThat(t.load().warnings()).containsExactly(
                t.configFile() + ":3: unknown key \"mcp_servers.docs.colour\" ignored",
                t.configFile() + ":7: unknown key \"mcp_servers.docs.tools.search.speed\" ignored");
    }

    @Test
    void mistakesNameTheFileLineAndKey() throws IOException {
        String file = t.configFile().toString();
        assertMistake("""
                [mcp_servers.docs]
                args = ["x"]
                """, file + ":1: mcp_servers.docs: says neither how to start the server nor where it is");
        assertMistake("""
                [mcp_servers.docs]
                command = "docs"
                url = "https://x.example/mcp"
                """, file + ":3: mcp_servers.docs.url: a server has either command");
        assertMistake("""
                [mcp_servers.docs]
                url = "https://x.example/mcp"
                args = ["x"]
                """, file + ":3: mcp_servers.docs.args: does not apply to a streamable HTTP server (url)");
        assertMistake("""
                [mcp_servers.docs]
                command = "docs"
                bearer_token_env_var = "T"
                """, file + ":3: mcp_servers.docs.bearer_token_env_var: does not apply to a stdio server");
        assertMistake("""
                [mcp_servers.docs]
                url = "ftp://x.example/mcp"
                """, file + ":2: mcp_servers.docs.url: must be an http:// or https:// URL");
        assertMistake("""
                [mcp_servers.docs]
                command = "docs"
                startup_timeout_sec = -1
                """, file + ":3: mcp_servers.docs.startup_timeout_sec: must be a positive number");
        assertMistake("""
                [mcp_servers.docs]
                command = "docs"
                tool_timeout_sec = "soon"
                """, file + ":3: mcp_servers.docs.tool_timeout_sec: expected an integer, found a string");
        assertMistake("""
                [mcp_servers.docs.tools.search]
                approval_mode = "sometimes"
                [mcp_servers.docs]
                command = "docs"
                """, "mcp_servers.docs.tools.search.approval_mode: unknown value \"sometimes\"; expected one of"
                + " \"auto\", \"prompt\", \"approve\", \"never\"");
        assertMistake("""
                [mcp_servers.docs]
                url = "https://x.example/mcp"
                bearer_token = "sk-secret"
                """, file + ":3: mcp_servers.docs.bearer_token: a token written in config.toml is not supported");
        assertMistake("""
                [mcp_servers.docs]
                command = "   "
                """, file + ":2: mcp_servers.docs.command: the command is empty");
    }

    @Test
    void aClientRegisteredByHandIsReadFromTheServersOAuthTableAndItsSecretOnlyFromTheEnvironment() throws Exception {
        t.write("""
                [mcp_servers.corp]
                url = "https://mcp.corp.example/mcp"

                [mcp_servers.corp.oauth]
                client_id = "moka-desktop"
                client_secret_env_var = "CORP_MCP_SECRET"
                """);

        Config config = t.load();

        assertThat(config.warnings()).isEmpty();
        var transport = (McpTransportConfig.StreamableHttp) config.tools().mcpServers().getFirst().transport();
        assertThat(transport.oauth()).isEqualTo(new McpServerOAuth("moka-desktop", "CORP_MCP_SECRET", null));

        String file = t.configFile().toString();
        assertMistake("""
                [mcp_servers.corp]
                url = "https://mcp.corp.example/mcp"
                oauth = { client_id = "moka", client_secret = "s3cret" }
                """, file + ":3: mcp_servers.corp.oauth.client_secret: a client secret written in config.toml is not"
                + " supported; export it in an environment variable and name that with client_secret_env_var");
        assertMistake("""
                [mcp_servers.corp]
                url = "https://mcp.corp.example/mcp"
                oauth = { client_secret_env_var = "CORP_MCP_SECRET" }
                """, "mcp_servers.corp.oauth.client_secret_env_var: a client secret needs the client_id it belongs to");
        assertMistake("""
                [mcp_servers.local]
                command = "local-server"
                oauth = { client_id = "moka" }
                """, "mcp_servers.local.oauth: does not apply to a stdio server (command); remove it");
    }

    @Test
    void theClientCredentialsGrantIsChosenInTheOAuthTableAndNeedsTheClientsSecret() throws Exception {
        t.write("""
                [mcp_servers.corp]
                url = "https://mcp.corp.example/mcp"

                [mcp_servers.corp.oauth]
                client_id = "ci-bot"
                client_secret_env_var = "CI_MCP_SECRET"
                grant_type = "client_credentials"
                """);

        var transport = (McpTransportConfig.StreamableHttp) t.load().tools().mcpServers().getFirst().transport();

        assertThat(transport.oauth()).isEqualTo(new McpServerOAuth("ci-bot", "CI_MCP_SECRET", null, true));
        assertMistake("""
                [mcp_servers.corp]
                url = "https://mcp.corp.example/mcp"
                oauth = { client_id = "ci-bot", grant_type = "client_credentials" }
                """, "mcp_servers.corp.oauth.grant_type: the client_credentials grant needs the client's id and"
                + " secret");
        assertMistake("""
                [mcp_servers.corp]
                url = "https://mcp.corp.example/mcp"
                oauth = { client_id = "ci-bot", grant_type = "password" }
                """, "mcp_servers.corp.oauth.grant_type: must be \"authorization_code\" (a person signs in in a"
                + " browser, the default) or \"client_credentials\", found \"password\"");
    }

    private void assertMistake(String toml, String expected) throws IOException {
        t.write(toml);
        assertThatThrownBy(t::load).isInstanceOf(ConfigException.class).hasMessageContaining(expected);
    }
}
