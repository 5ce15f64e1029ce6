package dev.moka.core.tools.patch;

import com.github.difflib.DiffUtils;
import com.github.difflib.algorithm.DiffAlgorithmListener;
import com.github.difflib.algorithm.myers.MyersDiff;
import com.github.difflib.patch.AbstractDelta;
import com.github.difflib.patch.Chunk;
import com.github.difflib.patch.ChangeDelta;
import com.github.difflib.patch.DeleteDelta;
import com.github.difflib.patch.InsertDelta;
import com.github.difflib.patch.Patch;
import java.util.List;

/**
 * The changes between two lists of lines, at a cost that follows what changed rather than the file's size.
 * Myers' algorithm takes about {@code (n + m) * d} steps for {@code d} changed lines, so an added or deleted
 * 100k-line file (d = 100k) would take minutes: lines that both sides share at the start and end are set
 * aside first, a side left empty needs no algorithm at all, and a search that would run past
 * {@link #MAX_SEARCHED_EDITS} or {@link #STEP_BUDGET} shows the remaining region as replaced whole, which is
 * still a correct diff, only a coarser one.
 */
final class LineDiff {
    /**
     * The most changed lines Myers' search looks for: its own bookkeeping grows with their square, so 5,000
     * keeps it to a fraction of a second, well above the hundreds of lines a typical turn changes.
     */
    static final int MAX_SEARCHED_EDITS = 5_000;
    /** The most line comparisons, {@code d * (n + m)} at worst, one search may spend. */
    static final long STEP_BUDGET = 1_000_000_000L;

    /** Thrown out of Myers' search when it would run past the budget. */
    private static final class OverBudget extends RuntimeException {
        private static final long serialVersionUID = 1L;

        OverBudget() {
            super(null, null, false, false);
        }
    }

    private LineDiff() {}

    /** The deltas turning {@code original} into {@code revised}, positions counted in the whole lists. */
    static Patch<String> between(List<String> original, List<String> revised) {
        int prefix = 0;
        int shorter = Math.min(original.size(), revised.size());
        while (prefix < shorter && original.get(prefix).equals(revised.get(prefix))) {
            prefix++;
        }
        int suffix = 0;
        while (suffix < shorter - prefix && original.get(original.size() - 1 - suffix)
                .equals(revised.get(revised.size() - 1 - suffix))) {
            suffix++;
        }
        List<String> removed = original.subList(prefix, original.size() - suffix);
        List<String> added = revised.subList(prefix, revised.size() - suffix);
        Patch<String> patch = new Patch<>();
        if (removed.isEmpty() && added.isEmpty()) {
            return patch;
        }
        if (removed.isEmpty() || added.isEmpty()) {
            patch.addDelta(whole(prefix, removed, added));
            return patch;
        }
        try {
            Patch<String> middle = DiffUtils.diff(removed, added, new MyersDiff<>(),
                    budget(removed.size() + added.size()));
            for (AbstractDelta<String> delta : middle.getDeltas()) {
                patch.addDelta(delta.withChunks(shifted(delta.getSource(), prefix),
                        shifted(delta.getTarget(), prefix)));
            }
        } catch (OverBudget e) {
            patch.addDelta(whole(prefix, removed, added));
        }
        return patch;
    }

    /** One delta replacing {@code removed} with {@code added}, both starting after {@code prefix} lines. */
    private static AbstractDelta<String> whole(int prefix, List<String> removed, List<String> added) {
        Chunk<String> source = new Chunk<>(prefix, removed);
        Chunk<String> target = new Chunk<>(prefix, added);
        if (removed.isEmpty()) {
            return new InsertDelta<>(source, target);
        }
        return added.isEmpty() ? new DeleteDelta<>(source, target) : new ChangeDelta<>(source, target);
    }

    private static Chunk<String> shifted(Chunk<String> chunk, int by) {
        return new Chunk<>(chunk.getPosition() + by, chunk.getLines());
    }

    /** A listener that stops the search past {@link #MAX_SEARCHED_EDITS} or {@link #STEP_BUDGET}. */
    private static DiffAlgorithmListener budget(int lines) {
        long maxEdits = Math.min(MAX_SEARCHED_EDITS, STEP_BUDGET / lines);
        return new DiffAlgorithmListener() {
            @Override
            public void diffStart() {}

            @Override
            public void diffStep(int edits, int max) {
                if (edits > maxEdits) {
                    throw new OverBudget();
                }
            }

            @Override
            public void diffEnd() {}
        };
    }
}
