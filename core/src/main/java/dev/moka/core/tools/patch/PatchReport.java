package dev.moka.core.tools.patch;

import dev.moka.protocol.Json;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/** What an applied patch tells the model and the front ends. */
final class PatchReport {
    static final String NOTHING_CHANGED = "No file was changed: correct the patch and send all of it again.";
    /** How {@link #summary} begins: the one output of a patch that applied. */
    private static final String APPLIED = "Success. Updated the following files:\n";

    private PatchReport() {}

    /** The model's summary: one line per file touched, A (added), M (modified) or D (deleted). */
    static String summary(PatchPlan plan) {
        Set<String> lines = new LinkedHashSet<>();
        for (FileChange change : plan.changes()) {
            lines.add(switch (change.kind()) {
                case ADD -> "A " + change.path();
                case DELETE -> "D " + change.path();
                case UPDATE -> change.movePath() == null ? "M " + change.path()
                        : "M " + change.movePath() + " (moved from " + change.path() + ")";
            });
        }
        return APPLIED + String.join("\n", lines) + "\n";
    }

    /** Whether a recorded output is {@link #summary}'s: every other output (a refusal, an abort) says it failed. */
    static boolean applied(String output) {
        return output != null && output.startsWith(APPLIED);
    }

    /** The text the model reads when the patch was refused before anything was written. */
    static String refusal(String reason, boolean malformed) {
        return (malformed ? "The patch was not applied: it does not follow the patch format: "
                : "The patch was not applied: ") + reason + "\n" + NOTHING_CHANGED;
    }

    /**
     * The {@code changes} of a PatchApplyBegin event, keyed by absolute path: {@code {"add":{"content"}}},
     * {@code {"delete":{"content"}}} or {@code {"update":{"unified_diff","move_path"}}}. A file touched by
     * several sections of the patch keeps the entry of the last one.
     */
    static Map<String, JsonNode> changes(PatchPlan plan, Path cwd) {
        Path root = cwd.toAbsolutePath().normalize();
        Map<String, JsonNode> changes = new LinkedHashMap<>();
        for (FileChange change : plan.changes()) {
            ObjectNode entry = Json.object();
            switch (change.kind()) {
                case ADD -> entry.putObject("add").put("content", change.after());
                case DELETE -> entry.putObject("delete").put("content", change.before());
                case UPDATE -> {
                    ObjectNode update = entry.putObject("update");
                    update.put("unified_diff", UnifiedDiff.hunks(change.before(), change.after()));
                    update.put("move_path",
                            change.movePath() == null ? null : root.resolve(change.movePath()).toString());
                }
            }
            changes.put(root.resolve(change.path()).toString(), entry);
        }
        return changes;
    }

    /**
     * The changes a patch states by itself, in {@link #changes(PatchPlan, Path)}'s form, for a patch applied long
     * ago whose files have moved on: an added file's content; an update's hunks as the patch gives them, without
     * line numbers (only the file knew them), each {@code @@} line carrying the patch's own context; a deletion
     * without the text that went, which the patch does not hold. Keyed by the paths as the patch names them.
     */
    static Map<String, JsonNode> changes(ParsedPatch patch) {
        Map<String, JsonNode> changes = new LinkedHashMap<>();
        for (FileOp op : patch.ops()) {
            ObjectNode entry = Json.object();
            switch (op) {
                case FileOp.Add add -> entry.putObject("add").put("content", add.content());
                case FileOp.Delete delete -> entry.putObject("delete");
                case FileOp.Update update -> {
                    ObjectNode diff = entry.putObject("update");
                    diff.put("unified_diff", hunks(update.hunks()));
                    diff.put("move_path", update.moveTo());
                }
            }
            changes.put(op.path(), entry);
        }
        return changes;
    }

    private static String hunks(List<Hunk> hunks) {
        StringBuilder diff = new StringBuilder();
        for (Hunk hunk : hunks) {
            if (hunk.contexts().isEmpty()) {
                diff.append("@@\n");
            }
            hunk.contexts().forEach(context -> diff.append("@@ ").append(context).append('\n'));
            for (HunkLine line : hunk.lines()) {
                diff.append(switch (line.kind()) {
                    case CONTEXT -> ' ';
                    case REMOVE -> '-';
                    case ADD -> '+';
                }).append(line.text()).append('\n');
            }
        }
        return diff.toString();
    }
}
