package dev.moka.cli.commands;

import dev.moka.cli.Startup;
import dev.moka.core.auth.McpOAuth;
import dev.moka.core.auth.OAuthException;
import dev.moka.core.config.MokaHome;
import dev.moka.core.config.mcp.McpServerConfig;
import dev.moka.core.config.mcp.McpTransportConfig;
import dev.moka.core.log.SecretRedactor;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Optional;

/**
 * {@code moka mcp login NAME} and {@code logout NAME}: the browser sign-in to a streamable HTTP MCP server
 * that requires OAuth, and forgetting its token. The messages follow {@code codex mcp login/logout}.
 */
public final class McpLoginCommand {
    /** How long the sign-in waits for the browser to come back. */
    public static final Duration TIMEOUT = Duration.ofMinutes(5);

    private final Startup startup;

    McpLoginCommand(Startup startup) {
        this.startup = startup;
    }

    /** {@code servers}: the configured servers, as {@code moka mcp list} reads them. */
    int login(String name, List<McpServerConfig> servers) {
        Optional<McpServerConfig> server = servers.stream().filter(s -> s.name().equals(name)).findFirst();
        if (server.isEmpty()) {
            startup.err().println("moka: mcp login: No MCP server named '" + name + "' found.");
            return ExitCodes.USAGE;
        }
        if (!(server.get().transport() instanceof McpTransportConfig.StreamableHttp http)) {
            startup.err().println("moka: mcp login: OAuth login is only supported for streamable HTTP servers;"
                    + " '" + name + "' is a stdio server.");
            return ExitCodes.USAGE;
        }
        if (http.bearerTokenEnvVar() != null) {
            startup.err().println("moka: mcp login: '" + name + "' authenticates with bearer_token_env_var ("
                    + http.bearerTokenEnvVar() + "); remove that from config.toml to sign in with OAuth instead.");
            return ExitCodes.USAGE;
        }
        String secretVariable = http.oauth().clientSecretEnvVar();
        String secret = secretVariable == null ? null : startup.env().get(secretVariable);
        if (secretVariable != null && (secret == null || secret.isBlank())) {
            startup.err().println("moka: mcp login: '" + name + "' names its client secret's variable, "
                    + secretVariable + " (client_secret_env_var), but it is not set; export the secret in it.");
            return ExitCodes.USAGE;
        }
        startup.hardened();
        try {
            oauth().login(name, http.url(), http.oauth(), secret == null ? null : secret.strip(),
                    new McpOAuth.Prompt(startup.err()::println, BrowserOpener.from(startup.env()), TIMEOUT), null);
            startup.out().println("Successfully logged in to MCP server '" + name + "'.");
            startup.out().flush();
            return ExitCodes.OK;
        } catch (OAuthException e) {
            startup.err().println("moka: mcp login: " + SecretRedactor.fromEnvironment(startup.env())
                    .redact(e.getMessage()));
            return ExitCodes.FAILED;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            startup.err().println("moka: mcp login: interrupted");
            return ExitCodes.FAILED;
        }
    }

    int logout(String name) {
        try {
            startup.out().println(oauth().logout(name) ? "Removed OAuth credentials for MCP server '" + name + "'."
                    : "No OAuth credentials stored for MCP server '" + name + "'.");
            startup.out().flush();
            return ExitCodes.OK;
        } catch (IllegalArgumentException e) {
            startup.err().println("moka: mcp logout: No MCP server named '" + name + "' found.");
            return ExitCodes.USAGE;
        } catch (IOException e) {
            startup.err().println("moka: mcp logout: cannot remove the token: " + e.getMessage());
            return ExitCodes.FAILED;
        }
    }

    /** Whether a token is stored for the server, for {@code auth_status}. */
    boolean loggedIn(String name) {
        return oauth().loggedIn(name);
    }

    private McpOAuth oauth() {
        Path home = MokaHome.resolve(startup.env());
        return new McpOAuth(home, startup.http(), Clock.systemUTC());
    }
}
