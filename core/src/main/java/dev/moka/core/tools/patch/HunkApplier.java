package dev.moka.core.tools.patch;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * Applies the hunks of one update to a file's text, in memory. Hunks are located in order, each searched
 * from where the previous one ended; one that is not found there is searched from the top of the file, and
 * kept only if it does not overlap another hunk. Context lines keep the file's own text, so a hunk matched
 * loosely (whitespace, look-alike quotes) changes only the lines it removes or adds.
 */
final class HunkApplier {
    private static final int SHOWN_LINES = 12;

    /** Lines {@code [start, start + length)} of the original file become {@code replacement}. */
    private record Replacement(int start, int length, List<String> replacement, int hunk) {}

    private final String path;
    private final TextFile file;
    private final HunkLocator locator;

    private HunkApplier(String path, TextFile file) {
        this.path = path;
        this.file = file;
        this.locator = new HunkLocator(file.lines());
    }

    /** The file after the hunks; {@code path} names the file in error messages. */
    static TextFile apply(String path, TextFile file, List<Hunk> hunks) throws PatchException {
        return new HunkApplier(path, file).applyAll(hunks);
    }

    private TextFile applyAll(List<Hunk> hunks) throws PatchException {
        List<Replacement> replacements = new ArrayList<>();
        int cursor = 0;
        for (int h = 0; h < hunks.size(); h++) {
            Replacement replacement = locate(hunks.get(h), h, hunks.size(), cursor);
            replacements.add(replacement);
            cursor = replacement.start() + replacement.length();
        }
        replacements.sort(Comparator.comparingInt(Replacement::start));
        List<String> lines = file.lines();
        List<String> result = new ArrayList<>(lines.size() + 16);
        int copied = 0;
        boolean touchesEnd = false;
        Replacement previous = null;
        for (Replacement r : replacements) {
            if (previous != null && r.start() < copied) {
                int first = Math.min(previous.hunk(), r.hunk()) + 1;
                int second = Math.max(previous.hunk(), r.hunk()) + 1;
                throw new PatchException("hunks " + first + " and " + second + " of " + hunks.size() + " in " + path
                        + " change overlapping lines: merge them into one hunk");
            }
            previous = r;
            result.addAll(lines.subList(copied, r.start()));
            result.addAll(r.replacement());
            copied = r.start() + r.length();
            touchesEnd |= copied == lines.size() && (r.length() > 0 || !r.replacement().isEmpty());
        }
        result.addAll(lines.subList(copied, lines.size()));
        // A file without a final newline gets one when the patch rewrites or extends its last line.
        return new TextFile(result, file.eol(), file.finalNewline() || (touchesEnd && !result.isEmpty()));
    }

    private Replacement locate(Hunk hunk, int index, int count, int cursor) throws PatchException {
        int from = cursor;
        for (String context : hunk.contexts()) {
            int found = findWithFallback(List.of(context), from, false);
            if (found < 0) {
                throw contextMissing(hunk, index, count, context, from);
            }
            from = found + 1;
        }
        if (hunk.pureAddition()) {
            // With a context the lines go right after it; without one they are appended to the file.
            int at = hunk.contexts().isEmpty() ? locator.size() : from;
            return new Replacement(at, 0, texts(hunk.lines()), index);
        }
        List<String> wanted = hunk.oldLines();
        int start = findWithFallback(wanted, from, hunk.endOfFile());
        if (start < 0) {
            throw linesMissing(hunk, index, count, wanted, from);
        }
        return new Replacement(start, wanted.size(), replacement(hunk, start), index);
    }

    private int findWithFallback(List<String> wanted, int from, boolean atEnd) {
        int found = locator.find(wanted, from, atEnd);
        return found < 0 && from > 0 ? locator.find(wanted, 0, atEnd) : found;
    }

    /** The hunk's new lines, with each context line taken from the file as it is. */
    private List<String> replacement(Hunk hunk, int start) {
        List<String> out = new ArrayList<>(hunk.lines().size());
        int at = start;
        for (HunkLine line : hunk.lines()) {
            switch (line.kind()) {
                case CONTEXT -> out.add(file.lines().get(at++));
                case REMOVE -> at++;
                case ADD -> out.add(line.text());
            }
        }
        return out;
    }

    private static List<String> texts(List<HunkLine> lines) {
        return lines.stream().map(HunkLine::text).toList();
    }

    private PatchException contextMissing(Hunk hunk, int index, int count, String context, int from) {
        StringBuilder message = new StringBuilder(header(hunk, index, count))
                .append(": its context line \"@@ ").append(context).append("\" is not in the file")
                .append(from > 0 ? " (searched from line " + (from + 1) + " on, then from the top)" : "")
                .append('.');
        appendNearest(message, List.of(context));
        return new PatchException(message.toString());
    }

    private PatchException linesMissing(Hunk hunk, int index, int count, List<String> wanted, int from) {
        StringBuilder message = new StringBuilder(header(hunk, index, count))
                .append(": the lines it expects are not in the file")
                .append(hunk.endOfFile() ? " (it is marked '*** End of File')" : "")
                .append(". It looked for ").append(wanted.size()).append(wanted.size() == 1 ? " line" : " lines")
                .append(from > 0 ? " from line " + (from + 1) + " on, then from the top" : "").append(":\n");
        appendLines(message, wanted);
        appendNearest(message, wanted);
        return new PatchException(message.toString());
    }

    private String header(Hunk hunk, int index, int count) {
        return "hunk " + (index + 1) + " of " + count + " in " + path + " (patch line " + hunk.line() + ")";
    }

    private void appendNearest(StringBuilder message, List<String> wanted) {
        var window = NearestLines.find(file.lines(), wanted);
        if (window.isEmpty()) {
            message.append("\nNo similar lines were found in ").append(path).append('.');
            return;
        }
        int first = window.get().start() + 1;
        int last = first + wanted.size() - 1;
        message.append("\nThe most similar ").append(first == last ? "line in the file is line " + first
                : "lines in the file are lines " + first + "-" + last).append(":\n");
        appendLines(message, window.get().lines());
    }

    private static void appendLines(StringBuilder message, List<String> lines) {
        int shown = Math.min(lines.size(), SHOWN_LINES);
        for (int i = 0; i < shown; i++) {
            message.append("  |").append(lines.get(i)).append('\n');
        }
        if (lines.size() > shown) {
            message.append("  | ... (").append(lines.size() - shown).append(" more)\n");
        }
        message.setLength(message.length() - 1);
    }
}
