package dev.moka.cli.tui;

import java.util.ArrayList;
import java.util.List;
import java.util.function.IntConsumer;
import java.util.function.IntPredicate;

/**
 * A list to choose one entry from with Up/Down and Enter (Esc closes it): models, efforts, policies. Lines under
 * the title may say what choosing will do. A picker may also offer actions on the selected row, each on a key of
 * its own (the resume picker's archive and delete); an action that changes something for good asks for its key
 * twice.
 */
final class Picker {
    /**
     * An action on the selected row: {@code run} gets the row's index as first given and says whether the row
     * is gone from the list now.
     */
    record Action(String key, String hint, boolean confirm, IntPredicate run) {}

    private final String title;
    /** Lines shown under the title, above the options: what choosing will do. */
    private final List<String> details;
    private final List<String> options;
    /** The index each shown row had when the picker was made: rows an action removed are left out. */
    private final List<Integer> indices = new ArrayList<>();
    private final IntConsumer chosen;
    private final List<Action> actions;
    private int selected;
    /** The action whose key was pressed once and waits for the second press; null when none. */
    private Action armed;

    Picker(String title, List<String> options, int selected, IntConsumer chosen) {
        this(title, List.of(), options, selected, chosen, List.of());
    }

    Picker(String title, List<String> details, List<String> options, int selected, IntConsumer chosen) {
        this(title, details, options, selected, chosen, List.of());
    }

    Picker(String title, List<String> options, int selected, IntConsumer chosen, List<Action> actions) {
        this(title, List.of(), options, selected, chosen, actions);
    }

    Picker(String title, List<String> details, List<String> options, int selected, IntConsumer chosen,
            List<Action> actions) {
        this.title = title;
        this.details = List.copyOf(details);
        this.options = new ArrayList<>(options);
        for (int i = 0; i < options.size(); i++) {
            indices.add(i);
        }
        this.selected = Math.clamp(selected, 0, Math.max(0, options.size() - 1));
        this.chosen = chosen;
        this.actions = List.copyOf(actions);
    }

    void move(int delta) {
        armed = null;
        if (!options.isEmpty()) {
            selected = Math.floorMod(selected + delta, options.size());
        }
    }

    void choose() {
        if (!options.isEmpty()) {
            chosen.accept(indices.get(selected));
        }
    }

    /** Runs the action on {@code key} (a second press for one that asks twice); false when no action has it. */
    boolean act(String key) {
        Action action = actions.stream().filter(a -> a.key().equals(key)).findFirst().orElse(null);
        if (action == null || options.isEmpty()) {
            armed = null;
            return false;
        }
        if (action.confirm() && armed != action) {
            armed = action;
            return true;
        }
        armed = null;
        if (action.run().test(indices.get(selected))) {
            options.remove(selected);
            indices.remove(selected);
            selected = Math.clamp(selected, 0, Math.max(0, options.size() - 1));
        }
        return true;
    }

    boolean isEmpty() {
        return options.isEmpty();
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
        StringBuilder help = new StringBuilder("↑↓ to move · enter to choose · esc to close");
        for (Action action : actions) {
            help.append(" · ").append(action.key()).append(action.confirm() ? " twice " : " ").append(action.hint());
        }
        rows.add(Line.of(armed != null ? "press " + armed.key() + " again to " + armed.hint() : help.toString(),
                armed != null ? theme.accent() : theme.muted()).truncate(width));
        return rows;
    }
}
