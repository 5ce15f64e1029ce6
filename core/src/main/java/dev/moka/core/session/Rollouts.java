package dev.moka.core.session;

import dev.moka.protocol.Json;
import dev.moka.protocol.ResponseItem;
import dev.moka.protocol.ResponseItemCodec;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;

/** Finds recorded conversations and reads them back for resume. */
public final class Rollouts {
    private Rollouts() {}

    /** A conversation read from its rollout: its id, where it started, and its items in order. */
    public record Recorded(Path file, String conversationId, String cwd, List<ResponseItem> items) {}

    /** The rollout of the most recently started conversation. */
    public static Optional<Path> latest(Path mokaHome) throws IOException {
        try (Stream<Path> files = rolloutFiles(mokaHome)) {
            return files.max(Comparator.comparing((Path p) -> p.getFileName().toString()));
        }
    }

    /** The rollout whose conversation id is {@code id} (or starts with it, when that is unambiguous). */
    public static Optional<Path> findById(Path mokaHome, String id) throws IOException {
        try (Stream<Path> files = rolloutFiles(mokaHome)) {
            List<Path> matches = files.filter(p -> conversationIdOf(p).startsWith(id)).toList();
            if (matches.size() > 1) {
                throw new IOException("session id \"" + id + "\" is ambiguous: it matches " + matches.size()
                        + " sessions; give more of the id");
            }
            return matches.stream().findFirst();
        }
    }

    public static Recorded read(Path file) throws IOException {
        String conversationId = null;
        String cwd = null;
        List<ResponseItem> items = new ArrayList<>();
        int lineNumber = 0;
        for (String line : Files.readAllLines(file, StandardCharsets.UTF_8)) {
            lineNumber++;
            if (line.isBlank()) {
                continue;
            }
            JsonNode node;
            try {
                node = Json.parse(line);
            } catch (JacksonException e) {
                // A process killed mid-write leaves a torn last line; everything before it is intact.
                continue;
            }
            JsonNode payload = node.get("payload");
            switch (String.valueOf(Json.text(node, "type"))) {
                case "session_meta" -> {
                    conversationId = Json.text(payload, "id");
                    cwd = Json.text(payload, "cwd");
                }
                case "response_item" -> items.add(ResponseItemCodec.fromJson(payload));
                default -> { }
            }
        }
        if (conversationId == null) {
            throw new IOException(file + ": not a Moka rollout (no session_meta line among " + lineNumber + ")");
        }
        return new Recorded(file, conversationId, cwd, List.copyOf(items));
    }

    private static Stream<Path> rolloutFiles(Path mokaHome) throws IOException {
        Path sessions = mokaHome.resolve("sessions");
        if (!Files.isDirectory(sessions)) {
            return Stream.empty();
        }
        return Files.walk(sessions).filter(p -> {
            String name = p.getFileName().toString();
            return name.startsWith("rollout-") && name.endsWith(".jsonl");
        });
    }

    /** rollout-2026-01-02T03-04-05-<id>.jsonl: the id is what follows the 19-character timestamp. */
    private static String conversationIdOf(Path file) {
        String name = file.getFileName().toString();
        String rest = name.substring("rollout-".length(), name.length() - ".jsonl".length());
        return rest.length() > 20 ? rest.substring(20) : rest;
    }
}
