package dev.moka.core.config.mcp;

import dev.moka.core.config.toml.ConfigException;
import dev.moka.core.config.toml.ConfigText;
import dev.moka.core.config.toml.ConfigValues;
import dev.moka.core.config.toml.TomlReader;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * Adds and removes {@code [mcp_servers.<name>]} tables in config.toml, changing nothing else in the file: an added
 * server is one table appended at the end, a removed one is its table (with its sub-tables and the comment right
 * above it) taken out. {@link ConfigText} checks that the result means exactly that before writing it.
 */
public final class McpServersWriter {
    /** The names Codex accepts for a server, which also keeps them bare TOML keys. */
    private static final Pattern NAME = Pattern.compile("[A-Za-z0-9_-]+");
    private static final Pattern COMMENT = Pattern.compile("^\\s*#.*");

    private McpServersWriter() {}

    /** Null when {@code name} can name a server; otherwise why not, as a sentence to show. */
    public static String invalidName(String name) {
        return NAME.matcher(name).matches() ? null
                : "invalid server name '" + name + "' (use letters, numbers, '-', '_')";
    }

    /** Appends the server; refused (file untouched) for a bad name or one the file already has. */
    public static void add(Path configFile, String name, McpTransportConfig transport)
            throws ConfigException, IOException {
        String invalid = invalidName(name);
        if (invalid != null) {
            throw new ConfigException(invalid);
        }
        ConfigText config = ConfigText.read(configFile);
        if (config.get(List.of("mcp_servers", name)) != null) {
            throw new ConfigException(configFile + " already has an MCP server named '" + name + "'; remove it first"
                    + " (moka mcp remove " + name + ") or choose another name");
        }
        Map<String, Object> value = new LinkedHashMap<>();
        List<String> table = new ArrayList<>(List.of("[mcp_servers." + name + "]"));
        switch (transport) {
            case McpTransportConfig.Stdio stdio -> {
                put(table, value, "command", stdio.command());
                if (!stdio.args().isEmpty()) {
                    table.add("args = " + array(stdio.args()));
                    value.put("args", List.copyOf(stdio.args()));
                }
                if (!stdio.env().isEmpty()) {
                    table.add("env = " + inlineTable(stdio.env()));
                    value.put("env", new LinkedHashMap<>(stdio.env()));
                }
            }
            case McpTransportConfig.StreamableHttp http -> {
                put(table, value, "url", http.url());
                if (http.bearerTokenEnvVar() != null) {
                    put(table, value, "bearer_token_env_var", http.bearerTokenEnvVar());
                }
            }
        }
        List<String> lines = config.lines();
        ConfigText.append(lines, table);
        config.replace(lines, ConfigText.with(config.tree(), List.of("mcp_servers", name), value),
                "mcp_servers is not written as [mcp_servers.<name>] tables (an inline table?); add the server by hand");
    }

    /** Takes the server out; false (file untouched) when the file has no server of that name. */
    public static boolean remove(Path configFile, String name) throws ConfigException, IOException {
        String invalid = invalidName(name);
        if (invalid != null) {
            throw new ConfigException(invalid);
        }
        ConfigText config = ConfigText.read(configFile);
        if (config.get(List.of("mcp_servers", name)) == null) {
            return false;
        }
        List<String> lines = config.lines();
        boolean found = false;
        for (int i = 0; i < lines.size(); i++) {
            if (ownedBy(ConfigText.headerPath(lines.get(i)), name)) {
                found = true;
                i = cut(lines, i) - 1;
            }
        }
        if (!found) {
            throw new ConfigException(configFile + ": MCP server '" + name + "' is not written as its own"
                    + " [mcp_servers." + name + "] table; remove it by hand");
        }
        config.replace(lines, ConfigText.with(config.tree(), List.of("mcp_servers", name), null),
                "MCP server '" + name + "' is also written outside its [mcp_servers." + name + "] table; remove it"
                        + " by hand");
        return true;
    }

    /**
     * Removes the table whose header is at {@code header}: the comment lines right above it, its lines down to the
     * next header (less the comment lines right above that one, which describe it); at the end of the file, the
     * blank line before it too. Returns where the lines after it now start.
     */
    private static int cut(List<String> lines, int header) {
        int end = header + 1;
        while (end < lines.size() && ConfigText.headerPath(lines.get(end)) == null) {
            end++;
        }
        if (end < lines.size()) {
            while (end - 1 > header && COMMENT.matcher(lines.get(end - 1)).matches()) {
                end--;
            }
        }
        int start = header;
        while (start > 0 && COMMENT.matcher(lines.get(start - 1)).matches()) {
            start--;
        }
        if (end == lines.size() && lines.getLast().isEmpty() && end - 1 > header) {
            end--; // the "" after the file's last newline: the text keeps ending in one
        }
        if (end >= lines.size() - 1 && start > 0 && lines.get(start - 1).isBlank()) {
            start--; // the table ended the file: the blank line that set it off goes with it
        }
        lines.subList(start, end).clear();
        return start;
    }

    private static boolean ownedBy(List<String> path, String name) {
        return path != null && path.size() >= 2 && path.get(0).equals("mcp_servers") && path.get(1).equals(name);
    }

    private static void put(List<String> table, Map<String, Object> value, String key, String text) {
        table.add(key + " = " + ConfigValues.quote(text));
        value.put(key, text);
    }

    private static String array(List<String> items) {
        return "[" + String.join(", ", items.stream().map(ConfigValues::quote).toList()) + "]";
    }

    private static String inlineTable(Map<String, String> entries) {
        List<String> pairs = new ArrayList<>();
        // Sorted: the transport's map keeps no order, and the same command should write the same line.
        new java.util.TreeMap<>(entries).forEach((key, text) -> pairs.add(TomlReader.joinKeys(List.of(key)) + " = " + ConfigValues.quote(text)));
        return "{ " + String.join(", ", pairs) + " }";
    }
}
