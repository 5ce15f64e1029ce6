package dev.moka.core.config.mcp;

import dev.moka.core.config.toml.ConfigException;
import dev.moka.core.config.toml.ConfigNode;
import dev.moka.core.config.toml.ConfigValues;
import java.net.URI;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Reads {@code [mcp_servers.<name>]} tables with Codex's keys. A server is either started by Moka
 * ({@code command}) or reached over streamable HTTP ({@code url}); a key of the other kind, a missing or empty
 * command, a bad URL or timeout is a mistake reported as {@code file:line: key: problem}.
 */
public final class McpServersReader {
    public static final Set<String> SERVER_KEYS = Set.of("command", "args", "env", "env_vars", "cwd", "url",
            "bearer_token_env_var", "http_headers", "env_http_headers", "enabled", "required",
            "startup_timeout_sec", "startup_timeout_ms", "tool_timeout_sec", "enabled_tools", "disabled_tools",
            "default_tools_approval_mode", "tools", "oauth");
    public static final Set<String> TOOL_KEYS = Set.of("approval_mode");
    public static final Set<String> OAUTH_KEYS = Set.of("client_id", "client_secret_env_var", "client_metadata_url",
            "grant_type");

    private static final List<String> STDIO_ONLY = List.of("args", "env", "env_vars", "cwd");
    private static final List<String> HTTP_ONLY = List.of("bearer_token_env_var", "http_headers", "env_http_headers",
            "oauth");

    private McpServersReader() {}

    /** The servers in the order of the file, disabled ones included (they are never started). */
    public static List<McpServerConfig> read(ConfigNode.Table root) throws ConfigException {
        ConfigNode.Table servers = ConfigValues.table(root.get("mcp_servers"));
        List<McpServerConfig> out = new ArrayList<>();
        if (servers != null) {
            for (var entry : servers.entries().entrySet()) {
                out.add(server(entry.getKey(), ConfigValues.table(entry.getValue())));
            }
        }
        return out;
    }

    private static McpServerConfig server(String name, ConfigNode.Table table) throws ConfigException {
        if (table.get("bearer_token") != null) {
            throw table.get("bearer_token").error("a token written in config.toml is not supported; export it in an"
                    + " environment variable and name that with bearer_token_env_var");
        }
        McpTransportConfig transport = transport(table);
        Duration startup = seconds(table.get("startup_timeout_sec"));
        if (startup == null && table.get("startup_timeout_ms") != null) {
            startup = Duration.ofMillis(positive(table.get("startup_timeout_ms")));
        }
        Duration tool = seconds(table.get("tool_timeout_sec"));
        McpApprovalMode fallback = ConfigValues.choice(table.get("default_tools_approval_mode"), McpApprovalMode.class);
        List<String> disabled = ConfigValues.strings(table.get("disabled_tools"));
        return new McpServerConfig(name, transport,
                !Boolean.FALSE.equals(ConfigValues.bool(table.get("enabled"))),
                Boolean.TRUE.equals(ConfigValues.bool(table.get("required"))),
                startup != null ? startup : McpServerConfig.DEFAULT_STARTUP_TIMEOUT,
                tool != null ? tool : McpServerConfig.DEFAULT_TOOL_TIMEOUT,
                ConfigValues.strings(table.get("enabled_tools")),
                disabled != null ? disabled : List.of(),
                fallback != null ? fallback : McpApprovalMode.AUTO,
                toolApprovals(ConfigValues.table(table.get("tools"))),
                table.where());
    }

    private static McpTransportConfig transport(ConfigNode.Table table) throws ConfigException {
        String command = ConfigValues.string(table.get("command"));
        String url = ConfigValues.string(table.get("url"));
        if (command != null && url != null) {
            throw table.get("url").error("a server has either command (started over stdio) or url (streamable"
                    + " HTTP), not both; remove one");
        }
        if (command == null && url == null) {
            throw new ConfigException(table.where() + ": says neither how to start the server nor where it is; add"
                    + " command = \"program\" (stdio) or url = \"https://host/mcp\" (streamable HTTP)");
        }
        if (command != null) {
            rejectOthers(table, HTTP_ONLY, "a stdio server (command)");
            if (command.isBlank()) {
                throw table.get("command").error("the command is empty; name the program that runs the server");
            }
            Map<String, String> env = ConfigValues.stringMap(table.get("env"));
            List<String> args = ConfigValues.strings(table.get("args"));
            List<String> envVars = ConfigValues.strings(table.get("env_vars"));
            return new McpTransportConfig.Stdio(command, args != null ? args : List.of(), env != null ? env : Map.of(),
                    envVars != null ? envVars : List.of(), cwd(table.get("cwd")));
        }
        rejectOthers(table, STDIO_ONLY, "a streamable HTTP server (url)");
        checkUrl(table.get("url"), url);
        Map<String, String> headers = ConfigValues.stringMap(table.get("http_headers"));
        Map<String, String> envHeaders = ConfigValues.stringMap(table.get("env_http_headers"));
        String tokenVariable = ConfigValues.string(table.get("bearer_token_env_var"));
        return new McpTransportConfig.StreamableHttp(url.strip(), tokenVariable, headers != null ? headers : Map.of(),
                envHeaders != null ? envHeaders : Map.of(), oauth(ConfigValues.table(table.get("oauth"))));
    }

    private static McpServerOAuth oauth(ConfigNode.Table oauth) throws ConfigException {
        if (oauth == null) {
            return McpServerOAuth.NONE;
        }
        if (oauth.get("client_secret") != null) {
            throw oauth.get("client_secret").error("a client secret written in config.toml is not supported; export"
                    + " it in an environment variable and name that with client_secret_env_var");
        }
        String clientId = ConfigValues.string(oauth.get("client_id"));
        String secretVariable = ConfigValues.string(oauth.get("client_secret_env_var"));
        if (secretVariable != null && clientId == null) {
            throw oauth.get("client_secret_env_var").error("a client secret needs the client_id it belongs to; add"
                    + " client_id");
        }
        String metadataUrl = ConfigValues.string(oauth.get("client_metadata_url"));
        if (metadataUrl != null && !metadataUrl.startsWith("https://")) {
            throw oauth.get("client_metadata_url").error("must be an https:// URL (a client ID metadata document),"
                    + " found " + ConfigValues.quote(metadataUrl));
        }
        String grant = ConfigValues.string(oauth.get("grant_type"));
        if (grant != null && !grant.equals("authorization_code") && !grant.equals("client_credentials")) {
            throw oauth.get("grant_type").error("must be \"authorization_code\" (a person signs in in a browser, the"
                    + " default) or \"client_credentials\", found " + ConfigValues.quote(grant));
        }
        boolean clientCredentials = "client_credentials".equals(grant);
        if (clientCredentials && secretVariable == null) {
            throw oauth.get("grant_type").error("the client_credentials grant needs the client's id and secret; add"
                    + " client_id and client_secret_env_var");
        }
        return new McpServerOAuth(clientId, secretVariable, metadataUrl, clientCredentials);
    }

    private static void rejectOthers(ConfigNode.Table table, List<String> keys, String kind) throws ConfigException {
        for (String key : keys) {
            if (table.get(key) != null) {
                throw table.get(key).error("does not apply to " + kind + "; remove it");
            }
        }
    }

    private static void checkUrl(ConfigNode node, String url) throws ConfigException {
        URI uri;
        try {
            uri = new URI(url.strip());
        } catch (java.net.URISyntaxException e) {
            throw node.error("is not a valid URL (" + e.getMessage() + "); write one such as \"https://host/mcp\"");
        }
        String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(java.util.Locale.ROOT);
        if (!scheme.equals("http") && !scheme.equals("https") || uri.getHost() == null) {
            throw node.error("must be an http:// or https:// URL with a host, found " + ConfigValues.quote(url));
        }
    }

    private static Path cwd(ConfigNode node) throws ConfigException {
        String text = ConfigValues.string(node);
        if (text == null) {
            return null;
        }
        try {
            return Path.of(text);
        } catch (InvalidPathException e) {
            throw node.error("is not a valid path: " + e.getMessage());
        }
    }

    private static Map<String, McpApprovalMode> toolApprovals(ConfigNode.Table tools) throws ConfigException {
        Map<String, McpApprovalMode> out = new LinkedHashMap<>();
        if (tools != null) {
            for (var entry : tools.entries().entrySet()) {
                ConfigNode.Table tool = ConfigValues.table(entry.getValue());
                McpApprovalMode mode = ConfigValues.choice(tool.get("approval_mode"), McpApprovalMode.class);
                if (mode != null) {
                    out.put(entry.getKey(), mode);
                }
            }
        }
        return out;
    }

    /** A positive number of seconds, whole or not (Codex takes {@code 2.5}). */
    private static Duration seconds(ConfigNode node) throws ConfigException {
        if (node == null) {
            return null;
        }
        if (node instanceof ConfigNode.Value value && value.value() instanceof Double d) {
            if (!(d > 0) || d.isInfinite()) {
                throw node.error("must be a positive number of seconds, found " + d);
            }
            return Duration.ofNanos(Math.round(d * 1e9));
        }
        return Duration.ofSeconds(positive(node));
    }

    private static long positive(ConfigNode node) throws ConfigException {
        Long value = ConfigValues.integer(node);
        if (value == null || value <= 0) {
            throw node.error("must be a positive number, found " + value);
        }
        return value;
    }
}
