package dev.moka.cli.tui;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * A command the model ran: what it is, a spinner while it runs, then its exit code, duration and the last
 * lines of its output ({@code expanded} shows them all).
 */
record CommandCell(String command, boolean running, int exitCode, long durationMs, String output, int frame,
        boolean expanded) implements Cell {
    static final int TAIL_LINES = 5;
    private static final String SPINNER = "⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏";

    static CommandCell started(String command) {
        return new CommandCell(command, true, 0, 0, "", 0, false);
    }

    CommandCell tick(int frameNumber) {
        return new CommandCell(command, running, exitCode, durationMs, output, frameNumber, expanded);
    }

    CommandCell ended(int code, long millis, String out) {
        return new CommandCell(command, false, code, millis, out, frame, expanded);
    }

    CommandCell expandedCopy() {
        return new CommandCell(command, running, exitCode, durationMs, output, frame, true);
    }

    @Override
    public List<Line> render(int width, Theme theme) {
        List<Line> rows = new ArrayList<>();
        Line head;
        if (running) {
            char spin = SPINNER.charAt(Math.floorMod(frame, SPINNER.length()));
            head = Line.of(spin + " Running ", theme.accent());
        } else {
            head = Line.of(exitCode == 0 ? "✓ Ran " : "✗ Ran ", exitCode == 0 ? theme.success() : theme.error());
        }
        rows.addAll(Wrap.words(Line.of(command, Look.PLAIN.asBold()), width, head, Line.plain("    ")));
        if (running) {
            return rows;
        }
        String status = String.format(Locale.ROOT, "  exit %d · %.1fs", exitCode, durationMs / 1000.0);
        rows.add(Line.of(status, exitCode == 0 ? theme.muted() : theme.error()));
        List<String> lines = output.isBlank() ? List.of() : output.strip().lines().toList();
        int from = expanded ? 0 : Math.max(0, lines.size() - TAIL_LINES);
        if (from > 0) {
            rows.add(Line.of("  │ … " + from + " earlier lines", theme.muted()));
        }
        for (String line : lines.subList(from, lines.size())) {
            rows.addAll(Wrap.hard(Line.of(line, theme.muted()), width, Line.of("  │ ", theme.muted()),
                    Line.of("  │ ", theme.muted())));
        }
        return rows;
    }
}
