package dev.moka.core.mcp;

import dev.moka.core.config.mcp.McpTransportConfig;
import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The environment of an MCP server Moka starts. Servers are not sandboxed, so they get no more than they
 * need: a small base that programs expect (PATH, HOME, the locale, ...), the variables {@code env_vars} names,
 * copied from Moka's environment, and {@code env}. Moka's own keys never reach them unless named.
 */
final class ServerEnvironment {
    static final List<String> BASE = List.of("HOME", "LOGNAME", "PATH", "SHELL", "USER", "LANG", "LC_ALL",
            "LC_CTYPE", "TERM", "TMPDIR", "TZ");

    private ServerEnvironment() {}

    static Map<String, String> of(McpTransportConfig.Stdio stdio, Map<String, String> mokaEnv) {
        Map<String, String> out = new LinkedHashMap<>();
        for (String name : BASE) {
            copy(name, mokaEnv, out);
        }
        for (String name : stdio.envVars()) {
            copy(name, mokaEnv, out);
        }
        out.putAll(stdio.env());
        return out;
    }

    /**
     * {@code command} as the server's own PATH finds it: the JDK would search Moka's PATH instead, which
     * differs when the configuration sets PATH for the server. A name with a slash, or one not found, is kept.
     */
    static String resolveCommand(String command, Map<String, String> env) {
        String path = env.get("PATH");
        if (command.contains("/") || path == null) {
            return command;
        }
        for (String dir : path.split(File.pathSeparator)) {
            if (dir.isEmpty()) {
                continue;
            }
            Path candidate = Path.of(dir, command);
            if (Files.isRegularFile(candidate) && Files.isExecutable(candidate)) {
                return candidate.toString();
            }
        }
        return command;
    }

    private static void copy(String name, Map<String, String> from, Map<String, String> to) {
        String value = from.get(name);
        if (value != null) {
            to.put(name, value);
        }
    }
}
