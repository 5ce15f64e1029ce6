package dev.moka.cli.tui;

import java.util.ArrayList;
import java.util.List;

/**
 * The model's answer as it streams in, split where Markdown cannot change any more: at a line that starts a
 * new top-level block after a blank line, outside fenced code. What lies before such a point is drawn once
 * and goes into the scrollback; only the tail after it is drawn again on each frame, so a long answer costs
 * a parse of its last block per frame rather than of the whole text.
 */
final class AnswerStream {
    private final StringBuilder text = new StringBuilder();
    private int committed;
    private int scanned;
    private boolean inFence;
    private char fenceChar;
    private boolean previousBlank;

    boolean isEmpty() {
        return text.isEmpty();
    }

    /** Adds a delta and returns the Markdown pieces that are now stable, in order. */
    List<String> add(String delta) {
        text.append(delta);
        List<String> stable = new ArrayList<>();
        int end;
        while ((end = text.indexOf("\n", scanned)) >= 0) {
            String line = text.substring(scanned, end);
            if (!inFence && previousBlank && startsBlock(line) && scanned > committed) {
                String piece = text.substring(committed, scanned).strip();
                if (!piece.isEmpty()) {
                    stable.add(piece);
                }
                committed = scanned;
            }
            fence(line);
            previousBlank = line.isBlank();
            scanned = end + 1;
        }
        return stable;
    }

    /** What is not yet stable, drawn afresh on each frame. */
    String tail() {
        return text.substring(committed);
    }

    /**
     * Ends the stream with the completed message and returns what is left to keep. A message that differs
     * from the deltas (a dropped attempt retried) wins for the part not yet kept.
     */
    String finish(String message) {
        String rest;
        if (message != null && !message.contentEquals(text)) {
            rest = message.length() >= committed && message.startsWith(text.substring(0, committed))
                    ? message.substring(committed) : message;
        } else {
            rest = tail();
        }
        text.setLength(0);
        committed = scanned = 0;
        inFence = previousBlank = false;
        return rest.strip();
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
