package dev.moka.core.tools.patch;

import com.github.difflib.UnifiedDiffUtils;
import java.util.ArrayList;
import java.util.List;

/** Unified diffs of two texts with three lines of context, as {@code git diff} prints them. */
final class UnifiedDiff {
    static final int CONTEXT_LINES = 3;
    private static final String NO_NEWLINE = "\\ No newline at end of file";

    private UnifiedDiff() {}

    /**
     * The hunks turning {@code before} into {@code after} (null meaning no file), headed by {@code ---} and
     * {@code +++} lines naming {@code oldName} and {@code newName}; empty when the texts are equal.
     */
    static String between(String oldName, String newName, String before, String after) {
        List<String> original = lines(before);
        List<String> revised = lines(after);
        var patch = LineDiff.between(original, revised);
        if (patch.getDeltas().isEmpty()) {
            return "";
        }
        List<String> diff = UnifiedDiffUtils.generateUnifiedDiff(oldName, newName, original, patch, CONTEXT_LINES);
        return String.join("\n", diff) + "\n";
    }

    /** Only the hunks, without the two header lines. */
    static String hunks(String before, String after) {
        String diff = between("", "", before, after);
        if (diff.isEmpty()) {
            return diff;
        }
        int second = diff.indexOf('\n', diff.indexOf('\n') + 1);
        return diff.substring(second + 1);
    }

    /**
     * The text's lines without their line ends; a last line without one carries git's marker on a line of
     * its own, so adding or removing only the final newline still shows as a change.
     */
    private static List<String> lines(String text) {
        if (text == null || text.isEmpty()) {
            return List.of();
        }
        TextFile file = TextFile.parse(text);
        List<String> lines = new ArrayList<>(file.lines());
        if (!file.finalNewline()) {
            lines.set(lines.size() - 1, lines.getLast() + "\n" + NO_NEWLINE);
        }
        return lines;
    }
}
