package dev.moka.core.config.mcp;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/** How Moka reaches one MCP server: a program it starts and talks to over stdio, or a streamable HTTP URL. */
public sealed interface McpTransportConfig {

    /**
     * A program started by Moka. Its environment holds only a small base (PATH, HOME, ...), {@code env}, and
     * the variables {@code envVars} names copied from Moka's own environment; {@code cwd} is null for the
     * session's working directory.
     */
    record Stdio(String command, List<String> args, Map<String, String> env, List<String> envVars, Path cwd)
            implements McpTransportConfig {
        public Stdio {
            args = List.copyOf(args);
            env = Map.copyOf(env);
            envVars = List.copyOf(envVars);
        }
    }

    /**
     * A server reached over streamable HTTP. {@code bearerTokenEnvVar} names the environment variable holding
     * the token sent as {@code Authorization: Bearer}; {@code envHttpHeaders} maps header names to variables;
     * {@code oauth} says how Moka signs in when the server asks for OAuth.
     */
    record StreamableHttp(String url, String bearerTokenEnvVar, Map<String, String> httpHeaders,
            Map<String, String> envHttpHeaders, McpServerOAuth oauth) implements McpTransportConfig {
        public StreamableHttp {
            httpHeaders = Map.copyOf(httpHeaders);
            envHttpHeaders = Map.copyOf(envHttpHeaders);
            oauth = oauth == null ? McpServerOAuth.NONE : oauth;
        }

        public StreamableHttp(String url, String bearerTokenEnvVar, Map<String, String> httpHeaders,
                Map<String, String> envHttpHeaders) {
            this(url, bearerTokenEnvVar, httpHeaders, envHttpHeaders, McpServerOAuth.NONE);
        }
    }
}
