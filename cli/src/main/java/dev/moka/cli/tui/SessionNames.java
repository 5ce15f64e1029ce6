package dev.moka.cli.tui;

import dev.moka.core.io.Uninterruptible;
import dev.moka.protocol.Json;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import tools.jackson.databind.JsonNode;

/**
 * Names people give their sessions with {@code /rename}, kept in {@code $MOKA_HOME/session_names.jsonl}
 * (one {@code {"id", "name"}} per line, the last line for an id winning), for {@code /resume} to list.
 */
final class SessionNames {
    private SessionNames() {}

    static Path file(Path mokaHome) {
        return mokaHome.resolve("session_names.jsonl");
    }

    static void set(Path mokaHome, String id, String name) throws IOException {
        String line = Json.write(Json.object().put("id", id).put("name", name)) + "\n";
        Uninterruptible.call("moka-session-name", () -> Files.writeString(file(mokaHome), line,
                StandardOpenOption.CREATE, StandardOpenOption.APPEND));
    }

    /** Every session's name by id; empty when none was named or the file cannot be read. */
    static Map<String, String> all(Path mokaHome) {
        Map<String, String> names = new HashMap<>();
        List<String> lines;
        try {
            Path file = file(mokaHome);
            lines = Files.exists(file) ? Files.readAllLines(file) : List.of();
        } catch (IOException e) {
            return names;
        }
        for (String line : lines) {
            try {
                JsonNode node = Json.parse(line);
                names.put(node.path("id").asString(""), node.path("name").asString(""));
            } catch (RuntimeException e) {
                // A line cut short: the others still hold.
            }
        }
        return names;
    }
}
