package dev.moka.cli.commands;

import dev.moka.cli.text.TerminalText;
import dev.moka.core.config.mcp.McpServerConfig;
import dev.moka.core.config.mcp.McpTransportConfig;
import dev.moka.core.log.SecretRedactor;
import dev.moka.protocol.Json;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Predicate;
import tools.jackson.databind.node.ObjectNode;

/**
 * How {@code moka mcp list} and {@code get} show a server, in the shapes of {@code codex mcp list/get} (table
 * columns, text lines, JSON fields). Unlike Codex, secrets are masked in JSON too: an env value whose name looks
 * secret and every http_headers value print as {@code *****}, since this output ends up in terminals and issues.
 */
final class McpServerView {
    static final String MASK = "*****";

    /** Whether Moka holds an OAuth token for the named server. */
    private final Predicate<String> hasToken;

    McpServerView(Predicate<String> hasToken) {
        this.hasToken = hasToken;
    }

    /** Codex's {@code auth_status} values; Moka does not ask the server, so no token means not_logged_in. */
    String authStatus(McpServerConfig server) {
        return switch (server.transport()) {
            case McpTransportConfig.Stdio stdio -> "unsupported";
            case McpTransportConfig.StreamableHttp http -> http.bearerTokenEnvVar() != null ? "bearer_token"
                    : hasToken.test(server.name()) ? "o_auth" : "not_logged_in";
        };
    }

    ObjectNode json(McpServerConfig server, boolean withAuth) {
        ObjectNode node = Json.object().put("name", server.name()).put("enabled", server.enabled());
        ObjectNode transport = node.putObject("transport");
        switch (server.transport()) {
            case McpTransportConfig.Stdio stdio -> {
                transport.put("type", "stdio").put("command", stdio.command());
                stdio.args().forEach(transport.putArray("args")::add);
                ObjectNode env = transport.putObject("env");
                masked(stdio.env(), false).forEach(env::put);
                stdio.envVars().forEach(transport.putArray("env_vars")::add);
                transport.put("cwd", stdio.cwd() == null ? null : stdio.cwd().toString());
            }
            case McpTransportConfig.StreamableHttp http -> {
                transport.put("type", "streamable_http").put("url", http.url())
                        .put("bearer_token_env_var", http.bearerTokenEnvVar());
                ObjectNode headers = transport.putObject("http_headers");
                masked(http.httpHeaders(), true).forEach(headers::put);
                ObjectNode envHeaders = transport.putObject("env_http_headers");
                new TreeMap<>(http.envHttpHeaders()).forEach(envHeaders::put);
            }
        }
        node.put("startup_timeout_sec", server.startupTimeout().toMillis() / 1000.0)
                .put("tool_timeout_sec", server.toolTimeout().toMillis() / 1000.0);
        if (server.enabledTools() == null) {
            node.putNull("enabled_tools");
        } else {
            server.enabledTools().forEach(node.putArray("enabled_tools")::add);
        }
        server.disabledTools().forEach(node.putArray("disabled_tools")::add);
        if (withAuth) {
            node.put("auth_status", authStatus(server));
        }
        return node;
    }

    /** Codex's table: stdio servers, then (after a blank line) HTTP ones, each with its own columns. */
    String table(List<McpServerConfig> servers) {
        List<List<String>> stdio = new ArrayList<>();
        List<List<String>> http = new ArrayList<>();
        stdio.add(List.of("Name", "Command", "Args", "Env", "Cwd", "Status", "Auth"));
        http.add(List.of("Name", "Url", "Bearer Token Env Var", "Status", "Auth"));
        for (McpServerConfig server : servers) {
            String status = server.enabled() ? "enabled" : "disabled";
            String auth = authLabel(authStatus(server));
            switch (server.transport()) {
                case McpTransportConfig.Stdio s -> stdio.add(List.of(server.name(), s.command(), orDash(String.join(" ",
                        s.args())), env(s), s.cwd() == null ? "-" : s.cwd().toString(), status, auth));
                case McpTransportConfig.StreamableHttp h -> http.add(List.of(server.name(), h.url(),
                        h.bearerTokenEnvVar() == null ? "-" : h.bearerTokenEnvVar(), status, auth));
            }
        }
        StringBuilder out = new StringBuilder();
        if (stdio.size() > 1) {
            columns(stdio, out);
        }
        if (stdio.size() > 1 && http.size() > 1) {
            out.append('\n');
        }
        if (http.size() > 1) {
            columns(http, out);
        }
        return TerminalText.sanitize(out.toString());
    }

    /** Codex's text for one server: its name, then indented {@code key: value} lines. */
    String text(McpServerConfig server) {
        if (!server.enabled()) {
            return server.name() + " (disabled)\n";
        }
        List<String> lines = new ArrayList<>(List.of(server.name(), "enabled: true"));
        if (server.enabledTools() != null) {
            lines.add("enabled_tools: " + (server.enabledTools().isEmpty() ? "[]" : String.join(", ", server.enabledTools())));
        }
        if (!server.disabledTools().isEmpty()) {
            lines.add("disabled_tools: " + String.join(", ", server.disabledTools()));
        }
        switch (server.transport()) {
            case McpTransportConfig.Stdio s -> lines.addAll(List.of("transport: stdio", "command: " + s.command(),
                    "args: " + orDash(String.join(" ", s.args())), "cwd: " + (s.cwd() == null ? "-" : s.cwd()),
                    "env: " + env(s)));
            case McpTransportConfig.StreamableHttp h -> lines.addAll(List.of("transport: streamable_http",
                    "url: " + h.url(), "bearer_token_env_var: " + (h.bearerTokenEnvVar() == null ? "-"
                            : h.bearerTokenEnvVar()), "http_headers: " + pairs(masked(h.httpHeaders(), true)),
                    "env_http_headers: " + pairs(new TreeMap<>(h.envHttpHeaders()))));
        }
        lines.add("startup_timeout_sec: " + seconds(server.startupTimeout().toMillis()));
        lines.add("tool_timeout_sec: " + seconds(server.toolTimeout().toMillis()));
        lines.add("auth: " + authLabel(authStatus(server)));
        lines.add("remove: moka mcp remove " + server.name());
        StringBuilder out = new StringBuilder(lines.getFirst()).append('\n');
        lines.subList(1, lines.size()).forEach(line -> out.append("  ").append(line).append('\n'));
        return TerminalText.sanitize(out.toString());
    }

    private static String authLabel(String status) {
        return switch (status) {
            case "bearer_token" -> "Bearer token";
            case "o_auth" -> "OAuth";
            case "not_logged_in" -> "Not logged in";
            default -> "Unsupported";
        };
    }

    private static String env(McpTransportConfig.Stdio stdio) {
        List<String> parts = new ArrayList<>();
        masked(stdio.env(), false).forEach((name, value) -> parts.add(name + "=" + value));
        parts.addAll(stdio.envVars());
        return orDash(String.join(", ", parts));
    }

    /** Sorted by name; every value masked when {@code all}, otherwise those whose names look secret. */
    private static Map<String, String> masked(Map<String, String> values, boolean all) {
        Map<String, String> out = new TreeMap<>();
        values.forEach((name, value) -> out.put(name, all || SecretRedactor.isSecretName(name) ? MASK : value));
        return out;
    }

    private static String pairs(Map<String, String> values) {
        List<String> parts = new ArrayList<>();
        values.forEach((name, value) -> parts.add(name + "=" + value));
        return orDash(String.join(", ", parts));
    }

    private static String seconds(long millis) {
        return millis % 1000 == 0 ? String.valueOf(millis / 1000) : String.valueOf(millis / 1000.0);
    }

    private static String orDash(String text) {
        return text.isEmpty() ? "-" : text;
    }

    private static void columns(List<List<String>> rows, StringBuilder out) {
        int[] widths = new int[rows.getFirst().size()];
        for (List<String> row : rows) {
            for (int i = 0; i < row.size(); i++) {
                widths[i] = Math.max(widths[i], row.get(i).length());
            }
        }
        for (List<String> row : rows) {
            StringBuilder line = new StringBuilder();
            for (int i = 0; i < row.size(); i++) {
                line.append(i == 0 ? "" : "  ").append(String.format("%-" + widths[i] + "s", row.get(i)));
            }
            out.append(line.toString().stripTrailing()).append('\n');
        }
    }
}
