package dev.moka.core.tools.patch;

import dev.moka.protocol.Json;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
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
}
