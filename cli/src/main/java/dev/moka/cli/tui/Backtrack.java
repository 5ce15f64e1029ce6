package dev.moka.cli.tui;

import java.util.ArrayList;
import java.util.List;

/**
 * The person's earlier prompts to rewind to, listed newest first ({@code /rewind}, or Esc twice on an empty
 * composer): Esc or Up goes further back, Down comes forward, Enter takes the one marked.
 */
final class Backtrack {
    /** How many prompts the list shows at once, around the one marked. */
    private static final int ROWS = 8;

    private final List<String> prompts;
    /** How many messages back the one marked is: 1 is the newest. */
    private int back = 1;

    /** {@code prompts} oldest first; not empty. */
    Backtrack(List<String> prompts) {
        this.prompts = List.copyOf(prompts);
    }

    void older() {
        back = Math.min(prompts.size(), back + 1);
    }

    void newer() {
        back = Math.max(1, back - 1);
    }

    /** How many user turns a rewind to before the marked prompt drops: it and every one after it. */
    int turns() {
        return back;
    }

    String text() {
        return prompts.get(prompts.size() - back);
    }

    List<Line> render(int width, Theme theme) {
        List<Line> rows = new ArrayList<>();
        rows.add(Line.of("Rewind to before which prompt? (" + back + " of " + prompts.size() + " back, newest"
                + " first)", theme.accent()).truncate(width));
        int first = Math.clamp(back - ROWS / 2, 1, Math.max(1, prompts.size() - ROWS + 1));
        for (int b = first; b <= Math.min(prompts.size(), first + ROWS - 1); b++) {
            boolean on = b == back;
            String text = Clean.text(prompts.get(prompts.size() - b)).replace('\n', ' ');
            rows.add(Line.of((on ? "› " : "  ") + text, on ? Look.PLAIN.asBold() : theme.muted()).truncate(width));
        }
        rows.add(Line.of("esc/↑ older · ↓ newer · enter chooses · ctrl+c cancels", theme.muted()).truncate(width));
        return rows;
    }
}
