package dev.moka.core.rewind;

import java.util.List;

/**
 * What rewinding the workspace to before a prompt would do: files written back as they were, files removed
 * (created since), and among those the ones changed since by someone other than Moka's turns, which are only
 * touched when the person says so. {@code leftOut} names files too big to be kept, which a rewind leaves
 * alone; {@code unavailable} says why there is nothing to go back to (null when there is).
 */
public record RewindPlan(List<String> restored, List<String> removed, List<String> changedSince,
        List<String> leftOut, String unavailable) {
    public RewindPlan {
        restored = List.copyOf(restored);
        removed = List.copyOf(removed);
        changedSince = List.copyOf(changedSince);
        leftOut = List.copyOf(leftOut);
    }

    static RewindPlan unavailable(String why) {
        return new RewindPlan(List.of(), List.of(), List.of(), List.of(), why);
    }
}
