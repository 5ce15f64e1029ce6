package dev.moka.cli.tui;

import java.util.ArrayList;
import java.util.List;

/**
 * The model's answer as it streams in, split where Markdown cannot change any more: at a line that starts a
 * new top-level block after a blank line, outside fenced code. What lies before such a point is drawn once
 * and goes into the scrollback; only the tail after it is drawn again on each frame, so a long answer costs
 * a parse of its last block per frame rather than of the whole text. A fence at the left margin is split
 * too, line by line: its finished lines cannot change, and a long code block would otherwise be parsed and
 * highlighted whole on every frame until it closes.
 */
final class AnswerStream {
    private final StringBuilder text = new StringBuilder();
    private int committed;
    private int scanned;
    private boolean inFence;
    private char fenceChar;
    private boolean previousBlank;
    /** The info string of the open left-margin fence whose lines are handed out as they finish, or null. */
    private String chunkedFence;

    boolean isEmpty() {
        return text.isEmpty();
    }

    /** Adds a delta and returns the cells that are now stable, in order. */
    List<Cell> add(String delta) {
        text.append(delta);
        List<Cell> stable = new ArrayList<>();
        int end;
        while ((end = text.indexOf("\n", scanned)) >= 0) {
            String line = text.substring(scanned, end);
            if (chunkedFence != null) {
                if (closesFence(line)) {
                    stable.add(new Cell.Code(chunkedFence, text.substring(committed, scanned), false, true));
                    chunkedFence = null;
                    inFence = false;
                    committed = end + 1;
                }
            } else if (!inFence && opensMarginFence(line)) {
                markdown(scanned, stable);
                chunkedFence = line.substring(3).strip();
                stable.add(new Cell.Code(chunkedFence, "", true, false));
                inFence = true;
                fenceChar = line.charAt(0);
                committed = end + 1;
            } else {
                if (!inFence && previousBlank && startsBlock(line) && scanned > committed) {
                    markdown(scanned, stable);
                    committed = scanned;
                }
                fence(line);
            }
            previousBlank = line.isBlank();
            scanned = end + 1;
        }
        if (chunkedFence != null && scanned > committed) {
            stable.add(new Cell.Code(chunkedFence, text.substring(committed, scanned), false, false));
            committed = scanned;
        }
        return stable;
    }

    private void markdown(int upTo, List<Cell> into) {
        String piece = text.substring(committed, upTo).strip();
        if (!piece.isEmpty()) {
            into.add(new Cell.Answer(piece));
        }
    }

    /** What is not yet stable, drawn afresh on each frame; null when there is none. */
    Cell tail() {
        String rest = text.substring(committed);
        if (rest.isBlank()) {
            return null;
        }
        return chunkedFence != null ? new Cell.Code(chunkedFence, rest, false, false) : new Cell.Answer(rest);
    }

    /**
     * Ends the stream with the completed message and returns the cells left to keep. A message that differs
     * from the deltas (a dropped attempt retried) wins for the part not yet kept.
     */
    List<Cell> finish(String message) {
        List<Cell> rest = new ArrayList<>();
        if (message != null && !message.contentEquals(text)) {
            if (message.length() >= committed && message.startsWith(text.substring(0, committed))) {
                if (chunkedFence == null) {
                    String unkept = message.substring(committed);
                    reset();
                    markdownCell(unkept, rest);
                    return rest;
                }
                // Inside a split fence everything up to committed was handed out: go on from there.
                text.setLength(committed);
                scanned = committed;
                rest.addAll(add(message.substring(committed)));
            } else {
                reset();
                markdownCell(message, rest);
                return rest;
            }
        }
        // A last line without its newline is finished now; it may be the fence's closing line.
        rest.addAll(add("\n"));
        if (chunkedFence != null) {
            rest.add(new Cell.Code(chunkedFence, "", false, true));
        } else {
            markdown(text.length(), rest);
        }
        reset();
        return rest;
    }

    private static void markdownCell(String markdown, List<Cell> into) {
        if (!markdown.isBlank()) {
            into.add(new Cell.Answer(markdown.strip()));
        }
    }

    /**
     * The stream broke and the engine retries it: every delta comes again from the start, so the next attempt
     * is a fresh answer. What was not handed out yet is dropped; an open code block already handed out is
     * closed, so the retried answer does not draw inside it.
     */
    List<Cell> restart() {
        List<Cell> closing = chunkedFence == null ? List.of() : List.of(new Cell.Code(chunkedFence, "", false, true));
        reset();
        return closing;
    }

    private void reset() {
        text.setLength(0);
        committed = scanned = 0;
        inFence = previousBlank = false;
        chunkedFence = null;
    }

    private static boolean opensMarginFence(String line) {
        return line.startsWith("```") && line.indexOf('`', 3) < 0 || line.startsWith("~~~");
    }

    private boolean closesFence(String line) {
        String trimmed = line.strip();
        return line.length() - line.stripLeading().length() <= 3 && trimmed.length() >= 3
                && trimmed.charAt(0) == fenceChar && trimmed.chars().allMatch(ch -> ch == fenceChar);
    }

    private void fence(String line) {
        String trimmed = line.stripLeading();
        if (line.length() - trimmed.length() > 3) {
            return;
        }
        if (trimmed.startsWith("```") || trimmed.startsWith("~~~")) {
            char c = trimmed.charAt(0);
            if (!inFence) {
                inFence = true;
                fenceChar = c;
            } else if (c == fenceChar && trimmed.chars().allMatch(ch -> ch == c || ch == ' ')) {
                inFence = false;
            }
        }
    }

    /** A line at column 0 that is not blank: after a blank line it cannot continue the block before it. */
    private static boolean startsBlock(String line) {
        return !line.isEmpty() && line.charAt(0) != ' ' && line.charAt(0) != '\t';
    }
}
