package dev.moka.core.tools.patch;

import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/**
 * Finds the window of a file most like the lines a failed hunk looked for, so the model sees what the file
 * really holds there. Lines are compared by the character bigrams of their normalized text (a Dice score),
 * which rates a retyped or slightly edited line close to the original at little cost.
 */
final class NearestLines {
    /** Only the first lines of a long hunk are scored; they are enough to place it. */
    private static final int SCORED_LINES = 12;
    /** Below this average similarity a window is not shown: it would mislead more than help. */
    private static final double MIN_SCORE = 0.4;

    /** A window of the file: its first line's index and the lines in it. */
    record Window(int start, List<String> lines) {}

    private NearestLines() {}

    static Optional<Window> find(List<String> fileLines, List<String> pattern) {
        int width = pattern.size();
        if (width == 0 || fileLines.size() < width) {
            return Optional.empty();
        }
        int scored = Math.min(width, SCORED_LINES);
        int[][] wanted = new int[scored][];
        for (int i = 0; i < scored; i++) {
            wanted[i] = bigrams(pattern.get(i));
        }
        int[][] have = new int[fileLines.size()][];
        int best = -1;
        double bestScore = MIN_SCORE * scored;
        for (int start = 0; start + width <= fileLines.size(); start++) {
            double score = 0;
            for (int i = 0; i < scored; i++) {
                int at = start + i;
                if (have[at] == null) {
                    have[at] = bigrams(fileLines.get(at));
                }
                score += dice(wanted[i], have[at]);
            }
            if (score > bestScore) {
                bestScore = score;
                best = start;
            }
        }
        return best < 0 ? Optional.empty() : Optional.of(new Window(best, fileLines.subList(best, best + width)));
    }

    /** The sorted character bigrams of the normalized line; a one-character line counts as one bigram. */
    private static int[] bigrams(String line) {
        String text = LineNormalizer.normalize(line);
        if (text.length() < 2) {
            return text.isEmpty() ? new int[0] : new int[] {text.charAt(0)};
        }
        int[] grams = new int[text.length() - 1];
        for (int i = 0; i < grams.length; i++) {
            grams[i] = (text.charAt(i) << 16) | text.charAt(i + 1);
        }
        Arrays.sort(grams);
        return grams;
    }

    private static double dice(int[] a, int[] b) {
        if (a.length == 0 || b.length == 0) {
            return a.length == b.length ? 1 : 0;
        }
        int common = 0;
        for (int i = 0, j = 0; i < a.length && j < b.length;) {
            if (a[i] == b[j]) {
                common++;
                i++;
                j++;
            } else if (a[i] < b[j]) {
                i++;
            } else {
                j++;
            }
        }
        return 2.0 * common / (a.length + b.length);
    }
}
