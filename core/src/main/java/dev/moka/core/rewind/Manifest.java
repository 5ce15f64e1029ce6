package dev.moka.core.rewind;

import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The workspace at one moment: each file kept (by its path relative to the workspace, '/'-separated) and the
 * files left out because they are too big, named so a rewind can say it did not touch them.
 */
record Manifest(Map<String, FileState> files, List<String> leftOut) {
    static final Manifest EMPTY = new Manifest(Map.of(), List.of());

    Manifest {
        files = new TreeMap<>(files);
        leftOut = List.copyOf(leftOut);
    }

    /** Whether {@code path} is the same in both, by content and mode. */
    boolean same(String path, Manifest other) {
        FileState mine = files.get(path);
        FileState theirs = other.files.get(path);
        return mine == null ? theirs == null
                : theirs != null && mine.hash().equals(theirs.hash()) && mine.executable() == theirs.executable();
    }
}
