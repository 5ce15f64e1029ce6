package dev.moka.cli.tui;

import dev.moka.core.exec.ShellWords;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * A command the model ran: what it is, a spinner while it runs, then its exit code, duration and the last
 * lines of its output ({@code expanded} shows them all). A command read back from a resumed history may have
 * neither figure ({@code exitCode} and {@code durationMs} null): its output did not state them.
 */
record CommandCell(String command, boolean running, Integer exitCode, Long durationMs, String output, int frame,
        boolean expanded) implements Cell {
    static final int TAIL_LINES = 5;
    private static final String SPINNER = "⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏";

    /** The command as its begin event gives it: the model's line, not the shell wrapped around it. */
    static CommandCell started(List<String> argv) {
        // No argv: the begin event was lost (a damaged rollout line), and only the end is known.
        return new CommandCell(argv.isEmpty() ? "command" : Clean.text(ShellWords.shown(argv)), true, null, null, "",
                0, false);
    }

    CommandCell tick(int frameNumber) {
        return new CommandCell(command, running, exitCode, durationMs, output, frameNumber, expanded);
    }

    CommandCell ended(Integer code, Long millis, String out) {
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
        } else if (exitCode == null) {
            head = Line.of("• Ran ", theme.muted());
        } else {
            head = Line.of(exitCode == 0 ? "✓ Ran " : "✗ Ran ", exitCode == 0 ? theme.success() : theme.error());
        }
        rows.addAll(Wrap.words(Line.of(command, Look.PLAIN.asBold()), width, head, Line.plain("    ")));
        if (running) {
            return rows;
        }
        List<String> figures = new ArrayList<>();
        if (exitCode != null) {
            figures.add("exit " + exitCode);
        }
        if (durationMs != null) {
            figures.add(String.format(Locale.ROOT, "%.1fs", durationMs / 1000.0));
        }
        if (!figures.isEmpty()) {
            rows.add(Line.of("  " + String.join(" · ", figures), exitCode == null || exitCode == 0 ? theme.muted()
                    : theme.error()));
        }
        List<String> lines = output.isBlank() ? List.of() : output.strip().lines().toList();
        int from = expanded ? 0 : Math.max(0, lines.size() - TAIL_LINES);
        if (from > 0) {
            rows.add(Line.of("  │ … " + from + " earlier lines", theme.muted()));
        }
        rows.addAll(barred(lines.subList(from, lines.size()), width, theme));
        return rows;
    }

    /** Lines of output under a cell's head, each behind a bar, wrapped hard: output is not prose. */
    static List<Line> barred(List<String> lines, int width, Theme theme) {
        List<Line> rows = new ArrayList<>();
        for (String line : lines) {
            rows.addAll(Wrap.hard(Line.of(line, theme.muted()), width, Line.of("  │ ", theme.muted()),
                    Line.of("  │ ", theme.muted())));
        }
        return rows;
    }
}
