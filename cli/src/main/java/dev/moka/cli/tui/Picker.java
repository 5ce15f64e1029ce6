package dev.moka.cli.tui;

import java.util.ArrayList;
import java.util.List;
import java.util.function.IntConsumer;

/** A list to choose one entry from with Up/Down and Enter (Esc closes it): models, efforts, policies. */
final class Picker {
    private final String title;
    /** Lines shown under the title, above the options: what choosing will do. */
    private final List<String> details;
    private final List<String> options;
    private final IntConsumer chosen;
    private int selected;

    Picker(String title, List<String> options, int selected, IntConsumer chosen) {
        this(title, List.of(), options, selected, chosen);
    }

    Picker(String title, List<String> details, List<String> options, int selected, IntConsumer chosen) {
        this.title = title;
        this.details = List.copyOf(details);
        this.options = List.copyOf(options);
        this.selected = Math.clamp(selected, 0, Math.max(0, options.size() - 1));
        this.chosen = chosen;
    }

    void move(int delta) {
        if (!options.isEmpty()) {
            selected = Math.floorMod(selected + delta, options.size());
        }
    }

    void choose() {
        if (!options.isEmpty()) {
            chosen.accept(selected);
        }
    }

    List<Line> render(int width, Theme theme, int maxRows) {
        List<Line> rows = new ArrayList<>();
        rows.add(Line.of(title, Look.PLAIN.asBold()).truncate(width));
        details.forEach(d -> rows.add(Line.of(d, theme.muted()).truncate(width)));
        int from = Math.clamp(selected - maxRows / 2, 0, Math.max(0, options.size() - maxRows));
        for (int i = from; i < Math.min(options.size(), from + maxRows); i++) {
            boolean on = i == selected;
            rows.add(Line.of((on ? "› " : "  ") + options.get(i), on ? theme.accent().asBold() : Look.PLAIN)
                    .truncate(width));
        }
        rows.add(Line.of("↑↓ to move · enter to choose · esc to close", theme.muted()).truncate(width));
        return rows;
    }
}
