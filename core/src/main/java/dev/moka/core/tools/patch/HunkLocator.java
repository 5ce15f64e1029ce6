package dev.moka.core.tools.patch;

import java.util.List;
import java.util.function.UnaryOperator;

/**
 * Finds a run of lines in a file, trying ever looser comparisons: exact, then ignoring trailing whitespace,
 * then ignoring surrounding whitespace and Unicode look-alikes ({@link LineNormalizer}). The first pass that
 * matches anywhere wins, and within a pass the first match at or after the start wins, so a hunk whose
 * lines occur twice lands on the occurrence nearest after the previous hunk.
 */
final class HunkLocator {
    private static final int PASSES = 3;

    private final List<String> lines;
    private final String[][] folded = new String[PASSES][];

    HunkLocator(List<String> lines) {
        this.lines = lines;
    }

    int size() {
        return lines.size();
    }

    /**
     * The index where {@code pattern} starts, at or after {@code from}, or -1. With {@code atEnd}, a match
     * that ends exactly at the end of the file is preferred over an earlier one.
     */
    int find(List<String> pattern, int from, boolean atEnd) {
        int last = lines.size() - pattern.size();
        if (pattern.isEmpty() || last < from) {
            return pattern.isEmpty() ? Math.min(from, lines.size()) : -1;
        }
        for (int pass = 0; pass < PASSES; pass++) {
            String[] haystack = folded(pass);
            String[] needle = fold(pass, pattern);
            if (atEnd && matchesAt(haystack, needle, last)) {
                return last;
            }
            for (int start = from; start <= last; start++) {
                if (matchesAt(haystack, needle, start)) {
                    return start;
                }
            }
        }
        return -1;
    }

    private static boolean matchesAt(String[] haystack, String[] needle, int start) {
        for (int i = 0; i < needle.length; i++) {
            if (!haystack[start + i].equals(needle[i])) {
                return false;
            }
        }
        return true;
    }

    /** The file's lines as the pass compares them, computed once on first use. */
    private String[] folded(int pass) {
        if (folded[pass] == null) {
            folded[pass] = fold(pass, lines);
        }
        return folded[pass];
    }

    private static String[] fold(int pass, List<String> source) {
        UnaryOperator<String> fold = switch (pass) {
            case 0 -> UnaryOperator.identity();
            case 1 -> String::stripTrailing;
            default -> LineNormalizer::normalize;
        };
        String[] out = new String[source.size()];
        for (int i = 0; i < out.length; i++) {
            out[i] = fold.apply(source.get(i));
        }
        return out;
    }
}
