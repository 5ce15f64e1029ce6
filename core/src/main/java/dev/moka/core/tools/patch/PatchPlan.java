package dev.moka.core.tools.patch;

import java.nio.file.Path;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A verified patch, computed in memory and not yet written: the change of each file section, and for every
 * file it touches the content before and after the whole patch (empty: the file does not exist).
 */
record PatchPlan(List<FileChange> changes, Map<Path, Optional<String>> before, Map<Path, Optional<String>> after) {
    PatchPlan {
        changes = List.copyOf(changes);
        before = Map.copyOf(before);
        after = Collections.unmodifiableMap(new LinkedHashMap<>(after));
    }

    /** The files whose content the patch sets, in the order the patch first touches them. */
    Map<Path, String> writes() {
        Map<Path, String> writes = new LinkedHashMap<>();
        after.forEach((file, content) -> {
            if (content.isPresent() && !content.equals(before.get(file))) {
                writes.put(file, content.get());
            }
        });
        return writes;
    }

    /** The files that exist now and not after the patch. */
    List<Path> deletes() {
        return after.entrySet().stream()
                .filter(e -> e.getValue().isEmpty() && before.get(e.getKey()).isPresent())
                .map(Map.Entry::getKey)
                .toList();
    }
}
