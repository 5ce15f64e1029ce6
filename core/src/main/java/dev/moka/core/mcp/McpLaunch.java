package dev.moka.core.mcp;

import dev.moka.core.log.SecretRedactor;
import java.nio.file.Path;
import java.util.Map;

/**
 * What every MCP server of a session is started with: Moka's environment (the source of the variables a
 * server's configuration names, never passed on whole), the session's working directory, the MOKA_HOME whose
 * {@code log/} receives the servers' stderr (null: discarded), the redactor for those logs, and the version
 * Moka reports as its client version.
 */
public record McpLaunch(Map<String, String> env, Path cwd, Path mokaHome, SecretRedactor secrets,
        String clientVersion) {
    public McpLaunch {
        env = Map.copyOf(env);
    }
}
