package dev.moka.cli.acp;

import dev.moka.protocol.Json;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * A file's change in a patch as ACP's {@code diff} content: the text before and after. A new file has no text
 * before; a deleted one has empty text after. An update is recorded as its hunks only (the event carries no whole
 * file, and the file on disk may already be the new one by the time this is read), so the two texts are the hunks'
 * two sides, context lines included, one hunk after the other: what the editor draws is the change itself.
 */
final class PatchDiffs {
    private PatchDiffs() {}

    static ObjectNode diff(String path, JsonNode change) {
        ObjectNode diff = Json.object().put("type", "diff");
        if (change.has("add")) {
            diff.put("path", path).putNull("oldText");
            diff.put("newText", change.get("add").path("content").asString(""));
        } else if (change.has("delete")) {
            diff.put("path", path).put("oldText", change.get("delete").path("content").asString(""));
            diff.put("newText", "");
        } else {
            JsonNode update = change.path("update");
            String moved = Json.text(update, "move_path");
            diff.put("path", moved == null ? path : moved);
            String hunks = update.path("unified_diff").asString("");
            diff.put("oldText", side(hunks, '-')).put("newText", side(hunks, '+'));
        }
        return diff;
    }

    /** The lines of one side of unified-diff hunks: context lines and those marked {@code marker}. */
    static String side(String hunks, char marker) {
        StringBuilder text = new StringBuilder();
        for (String line : hunks.split("\n", -1)) {
            if (line.isEmpty() || line.startsWith("@@") || line.startsWith("\\")) {
                continue;
            }
            char first = line.charAt(0);
            if (first == ' ' || first == marker) {
                text.append(line, 1, line.length()).append('\n');
            }
        }
        return text.toString();
    }
}
