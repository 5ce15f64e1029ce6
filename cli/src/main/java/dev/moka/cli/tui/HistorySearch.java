package dev.moka.cli.tui;

import java.util.List;
import java.util.Locale;

/**
 * Ctrl+R: the newest earlier message containing what was typed (case aside), then older ones with each further
 * Ctrl+R, this session's first and then {@code history.jsonl}'s. The composer keeps its text until the person
 * takes a match, so Esc leaves it as it was.
 */
final class HistorySearch {
    private final History history;
    private final String original;
    private final StringBuilder query = new StringBuilder();
    /** The candidate to look at next, 0 being the newest message. */
    private int next;
    private int matchIndex = -1;
    private String match;
    private boolean waiting;
    private boolean exhausted;

    HistorySearch(History history, String original) {
        this.history = history;
        this.original = original;
    }

    void type(String text) {
        query.append(text.replace("\n", " "));
        restart();
    }

    void backspace() {
        if (!query.isEmpty()) {
            query.setLength(query.offsetByCodePoints(query.length(), -1));
            restart();
        }
    }

    /** The next older match, Ctrl+R again. */
    void older() {
        if (match != null) {
            next = matchIndex + 1;
        }
        find();
    }

    /** A persisted entry arrived: a search waiting for it goes on. */
    void read() {
        if (waiting) {
            find();
        }
    }

    /** What the composer shows: the match, or its own text while there is none. */
    String shown() {
        return match != null ? match : original;
    }

    /** The match in a composer of its own below {@code rows}, the query under it, the cursor on the query. */
    LiveRows render(List<Line> rows, int width, Theme theme) {
        rows.add(Line.EMPTY);
        Composer shown = new Composer();
        shown.set(shown());
        rows.addAll(shown.layout(width, theme, "").rows());
        rows.add(Line.of(prompt(), theme.accent()).truncate(width));
        rows.add(Line.of("ctrl+r older · enter takes it · esc leaves the composer as it was", theme.muted())
                .truncate(width));
        return new LiveRows(rows, rows.size() - 2, Math.min(width - 1, queryEnd()));
    }

    String prompt() {
        String state = "";
        if (waiting) {
            state = " (reading history…)";
        } else if (exhausted) {
            state = match == null ? " (no match)" : " (no older match)";
        }
        return "search history: " + query + state;
    }

    private int queryEnd() {
        return Width.of("search history: " + query);
    }

    private void restart() {
        next = 0;
        match = null;
        matchIndex = -1;
        find();
    }

    private void find() {
        waiting = false;
        exhausted = false;
        if (query.isEmpty()) {
            match = null;
            return;
        }
        String wanted = query.toString().toLowerCase(Locale.ROOT);
        while (next < history.size()) {
            String text = history.entry(next);
            if (text == null) {
                waiting = true;
                return;
            }
            int index = next++;
            if (!text.equals(match) && text.toLowerCase(Locale.ROOT).contains(wanted)) {
                match = text;
                matchIndex = index;
                return;
            }
        }
        exhausted = true;
    }
}
