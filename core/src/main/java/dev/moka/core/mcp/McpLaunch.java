package dev.moka.core.mcp;

import dev.moka.core.auth.McpOAuth;
import dev.moka.core.log.SecretRedactor;
import java.net.http.HttpClient;
import java.nio.file.Path;
import java.util.Map;
import java.util.Objects;
import java.util.function.Supplier;

/**
 * What every MCP server of a session is started with: Moka's environment (the source of the variables a
 * server's configuration names, never passed on whole), the session's working directory, the MOKA_HOME whose
 * {@code log/} receives the servers' stderr (null: discarded), the redactor for those logs, the version
 * Moka reports as its client version, and the process's HTTP client, which refreshes a server's OAuth token
 * (borrowed: the conversations that own it close it, so a refresh leaves no client of its own behind).
 * {@code signIn} is how the face lets a person sign in again during the session, when a server asks for a
 * wider scope (null: it cannot, and the request fails saying so).
 */
public record McpLaunch(Map<String, String> env, Path cwd, Path mokaHome, SecretRedactor secrets,
        String clientVersion, Supplier<HttpClient> http, McpOAuth.Prompt signIn) {
    public McpLaunch {
        env = Map.copyOf(env);
        Objects.requireNonNull(http, "http");
    }

    public McpLaunch(Map<String, String> env, Path cwd, Path mokaHome, SecretRedactor secrets, String clientVersion,
            Supplier<HttpClient> http) {
        this(env, cwd, mokaHome, secrets, clientVersion, http, null);
    }
}
