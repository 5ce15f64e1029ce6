package dev.moka.cli.acp;

import dev.moka.core.config.Config;
import dev.moka.core.config.toml.ConfigException;
import dev.moka.core.config.ConfigLoader;
import dev.moka.core.config.ConfigOverrides;
import dev.moka.core.session.Rollouts;
import dev.moka.core.session.TurnContext;
import dev.moka.protocol.Json;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import tools.jackson.databind.JsonNode;

/**
 * The configuration of a session the editor opens: config.toml and the command's {@code -c} overrides, in the
 * client's directory, with the MCP servers the client passes added as {@code mcp_servers} tables.
 */
final class SessionConfigs {
    private final Path mokaHome;
    private final List<String> overrides;
    private final Map<String, String> env;
    private final Path processCwd;

    SessionConfigs(Path mokaHome, List<String> overrides, Map<String, String> env, Path processCwd) {
        this.mokaHome = mokaHome;
        this.overrides = List.copyOf(overrides);
        this.env = Map.copyOf(env);
        this.processCwd = processCwd;
    }

    Path mokaHome() {
        return mokaHome;
    }

    Map<String, String> env() {
        return env;
    }

    Path processCwd() {
        return processCwd;
    }

    /** The configuration before any session: checked at start, so a mistake in it stops the command then. */
    Config base() throws ConfigException {
        return ConfigLoader.load(mokaHome, overrides, ConfigOverrides.NONE, env, processCwd);
    }

    /** The configuration of a session in {@code cwd} (absolute, as ACP requires) with the client's servers. */
    Config forSession(String cwd, JsonNode mcpServers) throws RpcError {
        return load(mcpServers, new ConfigOverrides(null, null, null, directory(cwd), null, null));
    }

    /**
     * The configuration of a recorded conversation opened again: in the client's directory (the one it was
     * recorded in when the client names none), with the model and permissions it last had.
     */
    Config forResume(String cwd, JsonNode mcpServers, Rollouts.Recorded recorded) throws RpcError {
        TurnContext last = recorded.lastContext();
        Path dir = cwd != null ? directory(cwd) : last != null ? last.cwd() : directory(recorded.cwd());
        return load(mcpServers, last == null ? new ConfigOverrides(null, null, null, dir, null, null)
                : new ConfigOverrides(last.settings().model().slug(), null, null, dir, last.approvalPolicy(),
                        last.sandboxPolicy().mode()));
    }

    private Config load(JsonNode mcpServers, ConfigOverrides flags) throws RpcError {
        List<String> all = new ArrayList<>(overrides);
        all.addAll(mcpOverrides(mcpServers));
        try {
            return ConfigLoader.load(mokaHome, all, flags, env, processCwd);
        } catch (ConfigException e) {
            throw RpcError.invalidParams(e.getMessage());
        }
    }

    static Path directory(String cwd) throws RpcError {
        if (cwd == null || cwd.isBlank()) {
            throw RpcError.invalidParams("cwd is required: the absolute path of the directory the session works in");
        }
        Path dir = Path.of(cwd);
        if (!dir.isAbsolute()) {
            throw RpcError.invalidParams("cwd " + cwd + " is not an absolute path");
        }
        if (!Files.isDirectory(dir)) {
            throw RpcError.invalidParams("cwd " + cwd + " is not a directory");
        }
        return dir.normalize();
    }

    /**
     * ACP's {@code mcpServers} as {@code -c} overrides: a server with {@code command} runs over stdio with its
     * {@code args} and {@code env}; one with {@code url} is reached over streamable HTTP with its headers. Each value
     * is written as a JSON string, which is also a TOML basic string.
     */
    static List<String> mcpOverrides(JsonNode servers) throws RpcError {
        List<String> lines = new ArrayList<>();
        if (servers == null || servers.isNull()) {
            return lines;
        }
        if (!servers.isArray()) {
            throw RpcError.invalidParams("mcpServers must be an array of servers");
        }
        for (JsonNode server : servers) {
            String name = Json.text(server, "name");
            if (name == null || !name.matches("[A-Za-z0-9_-]+")) {
                throw RpcError.invalidParams("an MCP server's name must be letters, digits, _ or -; got " + name);
            }
            String key = "mcp_servers." + name + ".";
            String command = Json.text(server, "command");
            String url = Json.text(server, "url");
            if (command != null) {
                lines.add(key + "command=" + Json.write(command));
                JsonNode args = server.path("args").isArray() ? server.get("args") : Json.array();
                lines.add(key + "args=" + Json.write(args));
                lines.add(key + "env=" + table(server.path("env")));
            } else if (url != null) {
                String type = Json.text(server, "type");
                if (!"http".equals(type)) {
                    throw RpcError.invalidParams("MCP server " + name + ": only stdio and http servers are supported,"
                            + " not " + type);
                }
                lines.add(key + "url=" + Json.write(url));
                lines.add(key + "http_headers=" + table(server.path("headers")));
            } else {
                throw RpcError.invalidParams("MCP server " + name + " has neither command nor url");
            }
        }
        return lines;
    }

    /** ACP's {@code [{name, value}]} as a TOML inline table. */
    private static String table(JsonNode pairs) {
        List<String> entries = new ArrayList<>();
        for (JsonNode pair : pairs) {
            entries.add(Json.write(pair.path("name").asString("")) + " = " + Json.write(pair.path("value")
                    .asString("")));
        }
        return "{" + String.join(", ", entries) + "}";
    }
}
