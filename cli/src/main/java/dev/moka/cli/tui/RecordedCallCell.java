package dev.moka.cli.tui;

import java.util.ArrayList;
import java.util.List;

/**
 * A tool call of a resumed conversation whose rollout recorded no events (one written before Moka recorded what
 * its faces were shown), told from its items alone: the tool, the first line of what it was given, and the first
 * lines of what it answered the model. The live session showed more; this stands in, so that the transcript does
 * not skip what the model did.
 */
record RecordedCallCell(String tool, String firstLine, String output) implements Cell {
    static final int HEAD_LINES = CommandCell.TAIL_LINES;

    static RecordedCallCell of(String tool, String input, String output) {
        String firstLine = input == null ? "" : input.lines().map(String::strip).filter(line -> !line.isEmpty())
                .findFirst().orElse("");
        return new RecordedCallCell(Clean.text(tool), Clean.text(firstLine), Clean.text(output == null ? ""
                : output));
    }

    @Override
    public List<Line> render(int width, Theme theme) {
        List<Line> rows = new ArrayList<>(Wrap.words(Line.of(firstLine, Look.PLAIN.asBold()), width,
                Line.of("• Called " + tool + ": ", theme.muted()), Line.plain("    ")));
        List<String> lines = output.isBlank() ? List.of() : output.strip().lines().toList();
        rows.addAll(CommandCell.barred(lines.subList(0, Math.min(HEAD_LINES, lines.size())), width, theme));
        if (lines.size() > HEAD_LINES) {
            rows.add(Line.of("  │ … " + (lines.size() - HEAD_LINES) + " more lines", theme.muted()));
        }
        return rows;
    }
}
