package dev.moka.cli.tui;

import java.util.ArrayList;
import java.util.List;

/**
 * Esc twice on an empty composer: steps back through the person's earlier messages, the newest first (Esc again
 * goes further back, Down comes forward); Enter takes the one shown to edit and resend, and the conversation
 * forks before it.
 */
final class Backtrack {
    /** The message shown is cut to this many rows; the composer gets it whole. */
    private static final int MAX_ROWS = 4;

    private final List<String> prompts;
    /** How many messages back the one shown is: 1 is the newest. */
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

    /** How many user turns the fork drops: the one shown and every one after it. */
    int turns() {
        return back;
    }

    String text() {
        return prompts.get(prompts.size() - back);
    }

    List<Line> render(int width, Theme theme) {
        List<Line> rows = new ArrayList<>();
        rows.add(Line.of("Edit an earlier message (" + back + " of " + prompts.size() + " back):", theme.accent())
                .truncate(width));
        List<Line> shown = Wrap.words(Line.of(Clean.text(text()).replace('\n', ' '), Look.PLAIN.asBold()), width,
                Line.plain("› "),
                Line.plain("  "));
        rows.addAll(shown.subList(0, Math.min(MAX_ROWS, shown.size())));
        if (shown.size() > MAX_ROWS) {
            rows.add(Line.of("  …", theme.muted()));
        }
        rows.add(Line.of("esc older · ↓ newer · enter edits it, forking the conversation there · ctrl+c cancels",
                theme.muted()).truncate(width));
        return rows;
    }
}
