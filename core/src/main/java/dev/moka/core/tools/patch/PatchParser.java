package dev.moka.core.tools.patch;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Parses the {@code *** Begin Patch} format. Lenient where models slip without ambiguity: whitespace around
 * marker lines, a heredoc wrapper, CRLF line ends, a first hunk without {@code @@}, empty lines standing for
 * empty context lines, and unified-diff headers ({@code @@ -1,3 +1,4 @@}) in place of {@code @@}. Strict
 * elsewhere, with errors that name the patch line and what was expected there.
 *
 * <p>A line whose trimmed text starts with a file header ({@code *** Add File:} and the like) ends the section
 * before it, except inside a hunk when it starts with a space: there it is a context line of a file whose
 * text happens to look like a patch.
 */
final class PatchParser {
    static final String BEGIN = "*** Begin Patch";
    static final String END = "*** End Patch";
    static final String ADD = "*** Add File:";
    static final String DELETE = "*** Delete File:";
    static final String UPDATE = "*** Update File:";
    static final String MOVE = "*** Move to:";
    static final String END_OF_FILE = "*** End of File";
    private static final int SHOWN_CHARS = 80;
    private static final Pattern HEREDOC_START =
            Pattern.compile("(?:(?:apply_patch|applypatch)\\s+)?<<-?\\s*(['\"]?)([A-Za-z_][A-Za-z0-9_]*)\\1");
    private static final Pattern UNIFIED_HEADER =
            Pattern.compile("@@ -\\d+(?:,\\d+)? \\+\\d+(?:,\\d+)? @@\\s*(.*)");

    private final String[] lines;
    private final int end;
    private int pos;

    private PatchParser(String[] lines, int begin, int end) {
        this.lines = lines;
        this.pos = begin;
        this.end = end;
    }

    static ParsedPatch parse(String text) throws PatchException {
        String[] lines = text.split("\n", -1);
        for (int i = 0; i < lines.length; i++) {
            if (lines[i].endsWith("\r")) {
                lines[i] = lines[i].substring(0, lines[i].length() - 1);
            }
        }
        int first = firstNonBlank(lines, 0);
        int last = lastNonBlank(lines, lines.length - 1);
        if (first > last) {
            throw new PatchException("the patch is empty: send '" + BEGIN + "', the file sections, then '" + END + "'");
        }
        Matcher heredoc = HEREDOC_START.matcher(lines[first].strip());
        if (heredoc.matches() && first < last && lines[last].strip().equals(heredoc.group(2))) {
            first = firstNonBlank(lines, first + 1);
            last = lastNonBlank(lines, last - 1);
            if (first > last) {
                throw new PatchException("the heredoc holds no patch: put '" + BEGIN + "' ... '" + END + "' inside it");
            }
        }
        if (!lines[first].strip().equals(BEGIN)) {
            throw error(first, "expected '" + BEGIN + "' as the first line", lines[first]);
        }
        if (first == last || !lines[last].strip().equals(END)) {
            throw error(last, "expected '" + END + "' as the last line", lines[last]);
        }
        List<FileOp> ops = new PatchParser(lines, first + 1, last).fileOps();
        if (ops.isEmpty()) {
            throw new PatchException("line " + (last + 1) + ": the patch has no file sections: add at least one '"
                    + ADD + "', '" + DELETE + "' or '" + UPDATE + "' section before '" + END + "'");
        }
        return new ParsedPatch(ops);
    }

    private List<FileOp> fileOps() throws PatchException {
        List<FileOp> ops = new ArrayList<>();
        while (pos < end) {
            String trimmed = lines[pos].strip();
            if (trimmed.isEmpty()) {
                pos++;
            } else if (trimmed.startsWith(ADD)) {
                ops.add(add());
            } else if (trimmed.startsWith(DELETE)) {
                ops.add(delete());
            } else if (trimmed.startsWith(UPDATE)) {
                ops.add(update());
            } else if (trimmed.equals(END)) {
                throw error(pos, "'" + END + "' before the end of the input: send one patch per call", lines[pos]);
            } else {
                throw error(pos, "expected a file header ('" + ADD + " path', '" + DELETE + " path' or '"
                        + UPDATE + " path')", lines[pos]);
            }
        }
        return ops;
    }

    private FileOp add() throws PatchException {
        int header = pos;
        String path = headerPath(ADD);
        StringBuilder content = new StringBuilder();
        int blanks = 0;
        for (pos++; pos < end && !startsSection(lines[pos]); pos++) {
            String line = lines[pos];
            if (line.isEmpty()) {
                blanks++;
            } else if (line.startsWith("+")) {
                content.append("\n".repeat(blanks)).append(line, 1, line.length()).append('\n');
                blanks = 0;
            } else {
                throw error(pos, "expected a line starting with '+' (each line of the new file " + path
                        + " starts with '+')", line);
            }
        }
        return new FileOp.Add(path, content.toString(), header + 1);
    }

    private FileOp delete() throws PatchException {
        int header = pos;
        String path = headerPath(DELETE);
        for (pos++; pos < end && !startsSection(lines[pos]); pos++) {
            if (!lines[pos].isBlank()) {
                throw error(pos, "a '" + DELETE + "' section has no lines of its own; expected the next file"
                        + " header or '" + END + "'", lines[pos]);
            }
        }
        return new FileOp.Delete(path, header + 1);
    }

    private FileOp update() throws PatchException {
        int header = pos;
        String path = headerPath(UPDATE);
        pos++;
        String moveTo = null;
        if (pos < end && lines[pos].strip().startsWith(MOVE)) {
            moveTo = headerPath(MOVE);
            pos++;
        }
        List<Hunk> hunks = new HunkReader().read();
        if (hunks.isEmpty() && moveTo == null) {
            throw error(header, "the update of " + path + " has no hunks: add a '@@' hunk with the lines to"
                    + " change, or a '" + MOVE + " path' line to rename it", lines[header]);
        }
        return new FileOp.Update(path, moveTo, hunks, header + 1);
    }

    /** Reads the hunks of one update section, up to the next file header. */
    private final class HunkReader {
        private final List<Hunk> hunks = new ArrayList<>();
        private final List<String> contexts = new ArrayList<>();
        private final List<HunkLine> body = new ArrayList<>();
        private boolean open;
        private int start;
        private int blanks;

        List<Hunk> read() throws PatchException {
            // A line starting with a space is a context line even when its text looks like a file header.
            for (; pos < end && (lines[pos].startsWith(" ") || !startsSection(lines[pos])); pos++) {
                String line = lines[pos];
                String trimmed = line.strip();
                if (line.startsWith("@@")) {
                    header(trimmed);
                } else if (trimmed.equals(END_OF_FILE)) {
                    close(true);
                } else if (line.isEmpty() || (!open && line.isBlank())) {
                    blanks++;
                } else if (isChangeLine(line) && (open || hunks.isEmpty())) {
                    body(line);
                } else if (!open) {
                    throw error(pos, "expected '@@' to start a hunk, or the next file header", line);
                } else {
                    throw error(pos, "expected a hunk line starting with ' ' (context), '-' (remove) or '+'"
                            + " (add), a '@@' line, or '" + END_OF_FILE + "'", line);
                }
            }
            close(false);
            return hunks;
        }

        private void header(String trimmed) throws PatchException {
            if (open && !body.isEmpty()) {
                close(false);
            }
            if (!open) {
                openAt(pos);
            }
            String context = contextOf(trimmed);
            if (context != null) {
                contexts.add(context);
            }
        }

        private void body(String line) {
            if (!open) {
                openAt(pos);
            }
            // Empty lines inside a hunk stand for empty context lines; those at its end are dropped.
            for (; blanks > 0; blanks--) {
                body.add(new HunkLine(HunkLine.Kind.CONTEXT, ""));
            }
            HunkLine.Kind kind = switch (line.charAt(0)) {
                case ' ' -> HunkLine.Kind.CONTEXT;
                case '-' -> HunkLine.Kind.REMOVE;
                default -> HunkLine.Kind.ADD;
            };
            body.add(new HunkLine(kind, line.substring(1)));
        }

        private void openAt(int line) {
            open = true;
            start = line;
            blanks = 0;
        }

        private void close(boolean endOfFile) throws PatchException {
            blanks = 0;
            if (!open) {
                if (endOfFile) {
                    throw error(pos, "'" + END_OF_FILE + "' must end a hunk, but no hunk is open", lines[pos]);
                }
                return;
            }
            if (body.isEmpty()) {
                throw error(start, "the hunk has no lines: follow '@@' with lines starting with ' ', '-' or '+'",
                        lines[start]);
            }
            hunks.add(new Hunk(contexts, body, endOfFile, start + 1));
            contexts.clear();
            body.clear();
            open = false;
        }
    }

    /** The text after {@code @@}, or null when there is none (also for a unified-diff header without text). */
    private static String contextOf(String trimmed) {
        Matcher unified = UNIFIED_HEADER.matcher(trimmed);
        String context = unified.matches() ? unified.group(1) : trimmed.substring(2);
        context = context.strip();
        return context.isEmpty() ? null : context;
    }

    private String headerPath(String marker) throws PatchException {
        String path = lines[pos].strip().substring(marker.length()).strip();
        if (path.isEmpty()) {
            throw error(pos, "expected a path after '" + marker + "'", lines[pos]);
        }
        return path;
    }

    private static boolean isChangeLine(String line) {
        char first = line.charAt(0);
        return first == ' ' || first == '-' || first == '+';
    }

    private static boolean startsSection(String line) {
        String trimmed = line.strip();
        return trimmed.startsWith(ADD) || trimmed.startsWith(DELETE) || trimmed.startsWith(UPDATE)
                || trimmed.equals(END);
    }

    private static int firstNonBlank(String[] lines, int from) {
        int i = from;
        while (i < lines.length && lines[i].isBlank()) {
            i++;
        }
        return i;
    }

    private static int lastNonBlank(String[] lines, int from) {
        int i = from;
        while (i >= 0 && lines[i].isBlank()) {
            i--;
        }
        return i;
    }

    private static PatchException error(int index, String expected, String got) {
        String shown = got.length() <= SHOWN_CHARS ? got : got.substring(0, SHOWN_CHARS) + "...";
        return new PatchException("line " + (index + 1) + ": " + expected + ", got \"" + shown + "\"");
    }
}
