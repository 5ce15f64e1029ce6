package dev.moka.cli;

import dev.moka.protocol.Json;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import tools.jackson.databind.JsonNode;

/**
 * Hooks as a person writes them for Codex 0.169: scripts that log the JSON they get on stdin, the
 * {@code [[hooks.EVENT]]} tables that name them, and the {@code [hooks.state]} trust entries, hashed here by
 * hand from Codex's recipe (not with Moka's code), so a wrong recipe in Moka shows as a hook that never ran.
 */
final class HookFixture {
    private final Path scripts;
    private final Map<String, List<String>> groups = new LinkedHashMap<>();
    private final List<String> trust = new ArrayList<>();

    HookFixture(Path scripts) {
        this.scripts = scripts;
    }

    /**
     * A script {@code name} that appends its stdin as one line to {@code <name>.log}, then runs {@code body}
     * (shell); its path, for a hook's command.
     */
    String script(String name, String body) throws IOException {
        Path file = scripts.resolve(name + ".sh");
        Files.writeString(file, "#!/bin/sh\ninput=$(cat)\nprintf '%s\\n' \"$input\" >> '" + log(name) + "'\n"
                + body + "\n");
        Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rwxr-xr-x"));
        return file.toString();
    }

    Path log(String name) {
        return scripts.resolve(name + ".log");
    }

    /** The stdin JSON each run of script {@code name} got, in order; empty when it never ran. */
    List<JsonNode> runs(String name) throws IOException {
        Path log = log(name);
        return Files.exists(log) ? Files.readAllLines(log).stream().filter(l -> !l.isBlank()).map(Json::parse).toList()
                : List.of();
    }

    /** Adds a matcher group of one command hook to {@code event}; {@code matcher} and {@code timeout} may be null. */
    HookFixture hook(String event, String matcher, String command, Integer timeout) {
        List<String> ofEvent = groups.computeIfAbsent(event, e -> new ArrayList<>());
        StringBuilder toml = new StringBuilder("[[hooks.").append(event).append("]]\n");
        if (matcher != null) {
            toml.append("matcher = ").append(quoted(matcher)).append('\n');
        }
        toml.append("[[hooks.").append(event).append(".hooks]]\ntype = \"command\"\ncommand = ")
                .append(quoted(command)).append('\n');
        if (timeout != null) {
            toml.append("timeout = ").append(timeout).append('\n');
        }
        ofEvent.add(toml.toString());
        return this;
    }

    /** The config.toml text: {@code settings}, then the hooks, then (when {@code trusted}) their trust entries. */
    String configToml(Path home, String settings, boolean trusted) {
        StringBuilder toml = new StringBuilder(settings).append('\n');
        groups.forEach((event, list) -> list.forEach(toml::append));
        if (trusted) {
            groups.forEach((event, list) -> {
                for (int g = 0; g < list.size(); g++) {
                    toml.append(trustEntry(home.resolve("config.toml"), event, g, list.get(g)));
                }
            });
        }
        return toml.toString();
    }

    private static String trustEntry(Path file, String event, int group, String toml) {
        String matcher = value(toml, "matcher = ");
        String command = value(toml, "command = ");
        String timeout = toml.lines().filter(l -> l.startsWith("timeout = ")).map(l -> l.substring(10)).findFirst()
                .orElse("600");
        String snake = snake(event);
        int seconds = Math.max(1, Integer.parseInt(timeout));
        // Codex hashes SessionEnd's timeout as it clamps it: at most 3 seconds.
        seconds = event.equals("SessionEnd") ? Math.min(seconds, 3) : seconds;
        return "[hooks.state." + quoted(file + ":" + snake + ":" + group + ":0") + "]\ntrusted_hash = \""
                + codexHash(snake, ignoresMatcher(event) ? null : matcher, command, seconds) + "\"\n";
    }

    static boolean ignoresMatcher(String event) {
        return event.equals("UserPromptSubmit") || event.equals("Stop");
    }

    static String snake(String event) {
        return event.replaceAll("([a-z])([A-Z])", "$1_$2").toLowerCase();
    }

    /** Codex's trust hash, written out by hand: SHA-256 of the compact, key-sorted identity JSON. */
    static String codexHash(String snakeEvent, String matcher, String command, int timeout) {
        String json = "{\"event_name\":\"" + snakeEvent + "\",\"hooks\":[{\"async\":false,\"command\":"
                + jsonString(command) + ",\"timeout\":" + timeout + ",\"type\":\"command\"}]"
                + (matcher == null ? "" : ",\"matcher\":" + jsonString(matcher)) + "}";
        try {
            return "sha256:" + HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256")
                    .digest(json.getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException e) {
            throw new AssertionError(e);
        }
    }

    private static String value(String toml, String prefix) {
        return toml.lines().filter(l -> l.startsWith(prefix)).map(l -> unquoted(l.substring(prefix.length())))
                .findFirst().orElse(null);
    }

    static String quoted(String text) {
        return "\"" + text.replace("\\", "\\\\").replace("\"", "\\\"") + "\"";
    }

    private static String unquoted(String text) {
        return text.substring(1, text.length() - 1).replace("\\\"", "\"").replace("\\\\", "\\");
    }

    private static String jsonString(String text) {
        return "\"" + text.replace("\\", "\\\\").replace("\"", "\\\"") + "\"";
    }
}
