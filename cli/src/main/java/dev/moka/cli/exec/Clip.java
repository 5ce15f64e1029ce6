package dev.moka.cli.exec;

import java.util.ArrayList;
import java.util.List;

/** Bounds on what the human printer echoes: a 50 MB argument or output must not flood the terminal. */
final class Clip {
    private Clip() {}

    /** The last lines of a text, and how many lines came before them. */
    record Tail(List<String> lines, int omittedLines) {
        Tail {
            lines = List.copyOf(lines);
        }
    }

    /** {@code text} cut after {@code max} characters, with a note of how much was left out. */
    static String head(String text, int max) {
        if (text.length() <= max) {
            return text;
        }
        int end = Character.isHighSurrogate(text.charAt(max - 1)) ? max - 1 : max;
        return text.substring(0, end) + " … [" + (text.length() - end) + " more characters not shown]";
    }

    /**
     * The last {@code maxLines} non-blank-trailing lines of {@code text}, each cut to {@code maxLineChars};
     * scans from the end, so a huge output costs only what is shown (and one count of its line ends).
     */
    static Tail lastLines(String text, int maxLines, int maxLineChars) {
        String trimmed = text.stripTrailing();
        if (trimmed.isEmpty()) {
            return new Tail(List.of(), 0);
        }
        List<String> lines = new ArrayList<>();
        int end = trimmed.length();
        while (lines.size() < maxLines && end >= 0) {
            int start = trimmed.lastIndexOf('\n', end - 1);
            lines.addFirst(head(stripCarriageReturn(trimmed.substring(start + 1, end)), maxLineChars));
            end = start;
        }
        int omitted = 0;
        for (int i = 0; i < end; i++) {
            if (trimmed.charAt(i) == '\n') {
                omitted++;
            }
        }
        return new Tail(lines, end < 0 ? 0 : omitted + 1);
    }

    private static String stripCarriageReturn(String line) {
        return line.endsWith("\r") ? line.substring(0, line.length() - 1) : line;
    }
}
