package dev.moka.cli.text;

import java.util.List;
import tools.jackson.databind.JsonNode;

/**
 * One file's entry of a patch's {@code changes} map (PatchApplyBegin's), as both faces show it: A(dd), M(odify)
 * or D(elete), the diff lines and their counts. The text is as the engine sent it; each face makes it inert
 * its own way when it prints.
 */
public record FileDiff(char kind, String path, String movedTo, List<String> diffLines, int added, int removed) {
    public FileDiff {
        diffLines = List.copyOf(diffLines);
    }

    public static FileDiff of(String path, JsonNode entry) {
        if (entry.has("add")) {
            List<String> lines = contentLines(text(entry.get("add"), "content"));
            return new FileDiff('A', path, null, lines.stream().map(l -> "+" + l).toList(), lines.size(), 0);
        }
        if (entry.has("delete")) {
            // A deleted file's old text would only repeat what is gone; its size says enough.
            return new FileDiff('D', path, null, List.of(), 0,
                    contentLines(text(entry.get("delete"), "content")).size());
        }
        JsonNode update = entry.get("update");
        List<String> lines = contentLines(text(update, "unified_diff"));
        // The engine's diff is hunks only, without ---/+++ file headers, so every +/- line is a changed line.
        int added = (int) lines.stream().filter(l -> l.startsWith("+")).count();
        int removed = (int) lines.stream().filter(l -> l.startsWith("-")).count();
        return new FileDiff('M', path, text(update, "move_path"), lines, added, removed);
    }

    private static String text(JsonNode node, String field) {
        JsonNode value = node == null ? null : node.get(field);
        return value == null || value.isNull() ? null : value.asString();
    }

    private static List<String> contentLines(String text) {
        return text == null ? List.of() : text.lines().toList();
    }
}
