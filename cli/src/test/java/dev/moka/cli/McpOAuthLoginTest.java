package dev.moka.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.moka.protocol.Json;
import dev.moka.testkit.MockResponsesServer;
import dev.moka.testkit.OAuthMcpServer;
import dev.moka.testkit.Sse;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code moka mcp login/logout} through the real process. {@code $BROWSER} is a script that writes down the URL
 * it is asked to open; the test then plays the browser, GETting that URL and following the redirect to moka's
 * loopback callback.
 */
class McpOAuthLoginTest {
    @TempDir
    Path home;

    @TempDir
    Path repo;

    @Test
    void loginStoresTheTokenGetShowsOAuthAndLogoutRemovesIt() throws Exception {
        try (OAuthMcpServer server = OAuthMcpServer.start(true, 3600)) {
            Files.writeString(home.resolve("config.toml"), "[mcp_servers.secure]\nurl = \"" + server.mcpUrl() + "\"\n");
            Path opened = home.resolve("opened.txt");
            Path browser = browserScript(opened);
            Thread browsing = Thread.ofVirtual().start(() -> browse(opened));

            var login = moka(Map.of("BROWSER", browser.toString()), "mcp", "login", "secure");
            browsing.join();

            assertThat(login.exitCode()).as(login.stderr()).isZero();
            assertThat(login.stdout()).isEqualTo("Successfully logged in to MCP server 'secure'.\n");
            String url = Files.readString(opened);
            assertThat(login.stderr()).isEqualTo("To sign in to the MCP server \"secure\", open this URL in a browser:\n"
                    + url + "\n");
            Path token = home.resolve("credentials/mcp/secure.json");
            assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(token))).isEqualTo("rw-------");
            assertThat(Files.readString(token)).contains("mcp-access-");
            assertThat(moka(Map.of(), "mcp", "get", "secure").stdout()).contains("\n  auth: OAuth\n");

            var logout = moka(Map.of(), "mcp", "logout", "secure");
            assertThat(logout.stdout()).isEqualTo("Removed OAuth credentials for MCP server 'secure'.\n");
            assertThat(token).doesNotExist();
            assertThat(moka(Map.of(), "mcp", "logout", "secure").stdout())
                    .isEqualTo("No OAuth credentials stored for MCP server 'secure'.\n");
            assertThat(moka(Map.of(), "mcp", "get", "secure").stdout()).contains("\n  auth: Not logged in\n");
        }
    }

    @Test
    void execSendsTheStoredTokenToTheServerAndWithoutOneWarnsOnceWithTheFix() throws Exception {
        try (OAuthMcpServer server = OAuthMcpServer.start(false, 3600); MockResponsesServer model = MockResponsesServer.start()) {
            Files.createDirectories(repo.resolve(".git"));
            Files.writeString(home.resolve("config.toml"), "model = \"gpt-5.1-codex\"\n[mcp_servers.secure]\nurl = \""
                    + server.mcpUrl() + "\"\n");
            model.enqueue(Sse.response("r1").created().text("m1", "No tools.").completed());
            var unauthorized = MokaProcess.run(repo, MokaProcess.env(home, model.url()), "exec", "hi");
            assertThat(unauthorized.exitCode()).as(unauthorized.stderr()).isZero();
            assertThat(unauthorized.stderr().lines().filter(line -> line.contains("secure"))).singleElement().asString()
                    .contains("MCP server \"secure\" did not start, so its tools are not available: it requires"
                            + " authorization (HTTP 401); run `moka mcp login secure`");

            Path opened = home.resolve("opened.txt");
            Thread browsing = Thread.ofVirtual().start(() -> browse(opened));
            assertThat(moka(Map.of("BROWSER", browserScript(opened).toString()), "mcp", "login", "secure").exitCode())
                    .isZero();
            browsing.join();
            String token = Json.text(Json.parse(Files.readString(home.resolve("credentials/mcp/secure.json"))),
                    "access_token");
            model.enqueue(Sse.response("r2").created().functionCall("call_1", "mcp__secure", "whoami", "{}").completed());
            model.enqueue(Sse.response("r3").created().text("m3", "You are signed in.").completed());
            var run = MokaProcess.run(repo, MokaProcess.env(home, model.url()), "exec", "--json", "who am I?");

            assertThat(run.exitCode()).as(run.stderr()).isZero();
            assertThat(server.toolCallAuthorizations()).containsExactly("Bearer " + token);
            assertThat(model.requests().getLast().body()).contains("signed in");
            assertThat(run.stdout() + run.stderr()).doesNotContain(token);
        }
    }

    @Test
    void loginRefusesAnUnknownServerAndAStdioOne() throws Exception {
        Files.writeString(home.resolve("config.toml"), "[mcp_servers.local]\ncommand = \"local-mcp\"\n");

        var unknown = moka(Map.of(), "mcp", "login", "nope");
        var stdio = moka(Map.of(), "mcp", "login", "local");

        assertThat(unknown.exitCode()).isEqualTo(2);
        assertThat(unknown.stderr()).isEqualTo("moka: mcp login: No MCP server named 'nope' found.\n");
        assertThat(stdio.exitCode()).isEqualTo(2);
        assertThat(stdio.stderr()).isEqualTo("moka: mcp login: OAuth login is only supported for streamable HTTP"
                + " servers; 'local' is a stdio server.\n");
    }

    private MokaProcess.Result moka(Map<String, String> env, String... args) throws Exception {
        Map<String, String> all = new HashMap<>(env);
        all.put("MOKA_HOME", home.toString());
        return MokaProcess.run(repo, all, args);
    }

    /** A $BROWSER that writes the URL it is given to {@code opened}, whole (written aside, then renamed). */
    private Path browserScript(Path opened) throws IOException {
        Path browser = home.resolve("browser.sh");
        Files.writeString(browser, "#!/bin/sh\nprintf '%s' \"$1\" > '" + opened + ".tmp' && mv '" + opened + ".tmp' '"
                + opened + "'\n");
        Files.setPosixFilePermissions(browser, PosixFilePermissions.fromString("rwx------"));
        return browser;
    }

    /** Waits for the URL the "browser" was given, then GETs it, following the redirect back to moka. */
    private static void browse(Path opened) {
        try {
            for (int i = 0; i < 300 && !Files.exists(opened); i++) {
                Thread.sleep(100);
            }
            if (Files.exists(opened)) {
                HttpClient.newBuilder().followRedirects(HttpClient.Redirect.NORMAL).build().send(
                        HttpRequest.newBuilder(URI.create(Files.readString(opened))).build(),
                        HttpResponse.BodyHandlers.discarding());
            }
        } catch (Exception e) {
            // moka's own timeout and message say what went wrong.
        }
    }
}
