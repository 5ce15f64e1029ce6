package dev.moka.cli.tui;

import java.util.ArrayList;
import java.util.List;

/**
 * A code-mode script of a resumed conversation whose nested calls' events were not recorded, told as one piece:
 * its first line and the first lines it printed. The live session showed its calls instead; this stands in
 * for them, so that the transcript does not skip what the model did.
 */
record ScriptCell(String firstLine, boolean failed, String output) implements Cell {
    static final int HEAD_LINES = CommandCell.TAIL_LINES;

    static ScriptCell of(String firstLine, boolean failed, String output) {
        return new ScriptCell(Clean.text(firstLine), failed, Clean.text(output));
    }

    @Override
    public List<Line> render(int width, Theme theme) {
        List<Line> rows = new ArrayList<>(Wrap.words(Line.of(firstLine, Look.PLAIN.asBold()), width,
                failed ? Line.of("✗ Script failed: ", theme.error()) : Line.of("• Ran a script: ", theme.muted()),
                Line.plain("    ")));
        List<String> lines = output.isBlank() ? List.of() : output.strip().lines().toList();
        rows.addAll(CommandCell.barred(lines.subList(0, Math.min(HEAD_LINES, lines.size())), width, theme));
        if (lines.size() > HEAD_LINES) {
            rows.add(Line.of("  │ … " + (lines.size() - HEAD_LINES) + " more lines", theme.muted()));
        }
        return rows;
    }
}
