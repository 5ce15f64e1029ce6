package dev.moka.core.mcp;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.moka.core.auth.CredentialStore;
import dev.moka.core.auth.McpOAuth;
import dev.moka.core.auth.OAuthException;
import dev.moka.core.net.HttpClients;
import dev.moka.core.config.mcp.McpApprovalMode;
import dev.moka.core.config.mcp.McpServerConfig;
import dev.moka.core.config.mcp.McpTransportConfig;
import dev.moka.core.log.SecretRedactor;
import dev.moka.testkit.OAuthMcpServer;
import io.modelcontextprotocol.spec.McpSchema;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The MCP authorization flow against a protected server with its own authorization server, over real HTTP: the
 * test is the browser, GETting the printed URL; the fake approves and redirects to Moka's loopback callback.
 */
class McpOAuthTest {
    private static final HttpClient BROWSER = HttpClient.newBuilder().followRedirects(HttpClient.Redirect.NORMAL)
            .build();

    @TempDir
    Path home;

    private final List<String> shown = new CopyOnWriteArrayList<>();

    @Test
    void signsInFromThe401AndASessionCallsTheToolWithTheBearer() throws Exception {
        try (OAuthMcpServer server = OAuthMcpServer.start(true, 3600)) {
            Path file = oauth().login("secure", server.mcpUrl(), prompt());

            assertThat(file).isEqualTo(home.resolve("credentials/mcp/secure.json"));
            assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(file))).isEqualTo("rw-------");
            assertThat(shown).hasSize(2);
            assertThat(shown.get(1)).startsWith(server.base() + "/auth/authorize?response_type=code&client_id=client-")
                    .contains("&code_challenge_method=S256&state=", "&resource=" + encoded(server.mcpUrl()))
                    .doesNotContain("code_verifier");
            assertThat(server.tokenErrors()).isEmpty();
            String token = CredentialStore.mcpServers(home).read("secure").orElseThrow().accessToken();
            assertThat(Files.readString(file)).contains("\"client_id\"", "\"token_endpoint\"", "\"refresh_token\"");

            try (McpServers servers = start(server)) {
                McpSchema.CallToolResult result = servers.connection("secure").orElseThrow().call("whoami", Map.of());
                assertThat(((McpSchema.TextContent) result.content().getFirst()).text()).isEqualTo("signed in");
            }
            assertThat(server.toolCallAuthorizations()).containsExactly("Bearer " + token);
        }
    }

    @Test
    void findsTheMetadataAtTheWellKnownAddressWhenThe401DoesNotNameIt() throws Exception {
        try (OAuthMcpServer server = OAuthMcpServer.start(false, 3600)) {
            oauth().login("secure", server.mcpUrl(), prompt());

            try (McpServers servers = start(server)) {
                assertThat(servers.connection("secure").orElseThrow().awaitReady()).isTrue();
            }
        }
    }

    @Test
    void anExpiredTokenIsRefreshedBeforeTheSessionConnects() throws Exception {
        try (OAuthMcpServer server = OAuthMcpServer.start(true, 1)) {
            oauth().login("secure", server.mcpUrl(), prompt());
            String first = CredentialStore.mcpServers(home).read("secure").orElseThrow().accessToken();

            try (McpServers servers = start(server)) {
                servers.connection("secure").orElseThrow().call("whoami", Map.of());
            }

            String refreshed = CredentialStore.mcpServers(home).read("secure").orElseThrow().accessToken();
            assertThat(server.refreshes()).isEqualTo(1);
            assertThat(refreshed).isNotEqualTo(first);
            assertThat(server.toolCallAuthorizations()).containsExactly("Bearer " + refreshed);
        }
    }

    @Test
    void aRedirectWithAnotherStateIsRefusedAndNothingIsStored() throws Exception {
        try (OAuthMcpServer server = OAuthMcpServer.start(true, 3600)) {
            server.forgeState();

            assertThatThrownBy(() -> oauth().login("secure", server.mcpUrl(), prompt()))
                    .isInstanceOf(OAuthException.class)
                    .hasMessage("the redirect's state does not match the one Moka sent, so it was refused");
            assertThat(home.resolve("credentials/mcp/secure.json")).doesNotExist();
        }
    }

    @Test
    void metadataNamingAnotherIssuerIsNotUsed() throws Exception {
        try (OAuthMcpServer server = OAuthMcpServer.start(true, 3600)) {
            server.advertiseIssuer("https://attacker.example/auth");

            assertThatThrownBy(() -> oauth().login("secure", server.mcpUrl(), prompt()))
                    .isInstanceOf(OAuthException.class)
                    .hasMessage("the authorization server metadata for " + server.base() + "/auth names the issuer"
                            + " https://attacker.example/auth, so it was not used (RFC 8414 3.3)");
            assertThat(shown).isEmpty();
            assertThat(home.resolve("credentials/mcp/secure.json")).doesNotExist();
        }
    }

    @Test
    void aServerWithoutPkceS256IsRefusedBeforeTheBrowserOpens() throws Exception {
        try (OAuthMcpServer server = OAuthMcpServer.start(true, 3600)) {
            server.advertiseChallengeMethods("plain");

            assertThatThrownBy(() -> oauth().login("secure", server.mcpUrl(), prompt()))
                    .isInstanceOf(OAuthException.class)
                    .hasMessageContaining("does not offer PKCE with S256 (it lists [\"plain\"])");
            assertThat(shown).isEmpty();
        }
    }

    @Test
    void withoutASignInTheServerIsReportedOnceWithTheCommandThatFixesIt() throws Exception {
        try (OAuthMcpServer server = OAuthMcpServer.start(true, 3600); McpServers servers = start(server)) {
            assertThat(servers.startupFailures().get()).containsExactly("MCP server \"secure\" did not start, so its"
                    + " tools are not available: it requires authorization (HTTP 401); run `moka mcp login secure`");
        }
    }

    @Test
    void logoutForgetsTheTokenAndATokenIsNeverSentToAnotherUrl() throws Exception {
        try (OAuthMcpServer server = OAuthMcpServer.start(true, 3600)) {
            McpOAuth oauth = oauth();
            oauth.login("secure", server.mcpUrl(), prompt());

            assertThat(oauth.accessToken("secure", "http://127.0.0.1:1/elsewhere")).isEmpty();
            assertThat(oauth.accessToken("secure", server.mcpUrl())).isPresent();
            assertThat(oauth.logout("secure")).isTrue();
            assertThat(oauth.logout("secure")).isFalse();
            assertThat(oauth.loggedIn("secure")).isFalse();
        }
    }

    private McpOAuth oauth() {
        return new McpOAuth(home, HttpClients.lazy(), Clock.systemUTC());
    }

    /** Shows into {@link #shown}; the "browser" GETs the URL on a thread of its own, following the redirect. */
    private McpOAuth.Prompt prompt() {
        return new McpOAuth.Prompt(shown::add, uri -> Thread.ofVirtual().start(() -> browse(uri)),
                Duration.ofSeconds(20));
    }

    private static void browse(URI uri) {
        try {
            BROWSER.send(HttpRequest.newBuilder(uri).build(), HttpResponse.BodyHandlers.discarding());
        } catch (Exception e) {
            // The login under test reports what went wrong (a timeout at worst).
        }
    }

    private McpServers start(OAuthMcpServer server) {
        McpServerConfig config = new McpServerConfig("secure", new McpTransportConfig.StreamableHttp(server.mcpUrl(),
                null, Map.of(), Map.of()), true, false, Duration.ofSeconds(10), Duration.ofSeconds(10), null, List.of(),
                McpApprovalMode.AUTO, Map.of(), "config.toml:1: mcp_servers.secure");
        return McpServers.start(List.of(config), new McpLaunch(Map.of(), home, home,
                SecretRedactor.fromEnvironment(Map.of()), "test", HttpClients.lazy()));
    }

    private static String encoded(String text) {
        return URLEncoder.encode(text, StandardCharsets.UTF_8);
    }
}
