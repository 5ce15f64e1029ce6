package dev.moka.core.tools.patch;

import java.nio.file.Path;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * Accumulates what the patches of one turn did: remembers each file's content from before the first patch
 * that touched it, and its latest content, and renders the whole turn as one git-style unified diff, files in
 * path order. A moved file shows as the deletion of its old path and the addition of its new one. Safe to
 * share between the tool calls of a turn.
 */
public final class TurnDiffTracker {
    /** One file: its name relative to the working directory, and its text before the turn and now. */
    private record Tracked(String name, Optional<String> original, Optional<String> latest) {}

    private final Map<Path, Tracked> files = new LinkedHashMap<>();

    /** Records the effect of one applied patch. */
    synchronized void record(PatchPlan plan) {
        Map<Path, String> names = new LinkedHashMap<>();
        for (FileChange change : plan.changes()) {
            names.putIfAbsent(change.file(), change.path());
            if (change.moveFile() != null) {
                names.putIfAbsent(change.moveFile(), change.movePath());
            }
        }
        plan.after().forEach((file, latest) -> {
            Tracked known = files.get(file);
            Optional<String> original = known != null ? known.original() : plan.before().get(file);
            String name = known != null ? known.name() : names.getOrDefault(file, file.toString());
            files.put(file, new Tracked(name, original, latest));
        });
    }

    /** The diff of every file whose content differs from the start of the turn; empty when none does. */
    public synchronized String unifiedDiff() {
        StringBuilder diff = new StringBuilder();
        for (Tracked file : files.values().stream().sorted(Comparator.comparing(Tracked::name)).toList()) {
            if (Objects.equals(file.original(), file.latest())) {
                continue;
            }
            String body = UnifiedDiff.between(
                    file.original().isPresent() ? "a/" + file.name() : "/dev/null",
                    file.latest().isPresent() ? "b/" + file.name() : "/dev/null",
                    file.original().orElse(null), file.latest().orElse(null));
            if (body.isEmpty()) {
                continue;
            }
            diff.append("diff --git a/").append(file.name()).append(" b/").append(file.name()).append('\n')
                    .append(body);
        }
        return diff.toString();
    }
}
