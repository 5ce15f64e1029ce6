package dev.moka.cli.tui;

import java.util.ArrayList;
import java.util.List;
import org.commonmark.ext.gfm.tables.TableBlock;
import org.commonmark.ext.gfm.tables.TableCell;
import org.commonmark.ext.gfm.tables.TableHead;
import org.commonmark.node.Node;

/**
 * A GFM table in box-drawing lines. Columns take their natural width when the table fits; otherwise the
 * widest columns give way first and their cells wrap, so the table never runs past the terminal's edge.
 */
final class TableView {
    private static final int MIN_COLUMN = 3;

    private final Theme theme;
    private final Inlines inlines;

    TableView(Theme theme, Inlines inlines) {
        this.theme = theme;
        this.inlines = inlines;
    }

    /** A table row: its cells' content and alignment, and whether it is a header row. */
    private record Row(List<Line> cells, List<TableCell.Alignment> alignments, boolean header) {}

    List<Line> render(TableBlock table, int width) {
        List<Row> rows = rows(table);
        int columns = rows.stream().mapToInt(r -> r.cells().size()).max().orElse(0);
        if (columns == 0) {
            return List.of();
        }
        int[] widths = fit(natural(rows, columns), width - (3 * columns + 1));
        List<Line> out = new ArrayList<>();
        out.add(border("┌", "┬", "┐", widths));
        for (int r = 0; r < rows.size(); r++) {
            out.addAll(draw(rows.get(r), widths));
            if (rows.get(r).header() && r + 1 < rows.size() && !rows.get(r + 1).header()) {
                out.add(border("├", "┼", "┤", widths));
            }
        }
        out.add(border("└", "┴", "┘", widths));
        // Too many columns for the terminal even at their narrowest: cut rather than let rows wrap.
        out.replaceAll(line -> line.truncate(width));
        return out;
    }

    private List<Row> rows(TableBlock table) {
        List<Row> rows = new ArrayList<>();
        for (Node section = table.getFirstChild(); section != null; section = section.getNext()) {
            boolean header = section instanceof TableHead;
            for (Node row = section.getFirstChild(); row != null; row = row.getNext()) {
                List<Line> cells = new ArrayList<>();
                List<TableCell.Alignment> alignments = new ArrayList<>();
                for (Node cell = row.getFirstChild(); cell != null; cell = cell.getNext()) {
                    cells.add(inlines.single(cell, header ? Look.PLAIN.asBold() : Look.PLAIN));
                    alignments.add(cell instanceof TableCell c ? c.getAlignment() : null);
                }
                rows.add(new Row(cells, alignments, header));
            }
        }
        return rows;
    }

    private static int[] natural(List<Row> rows, int columns) {
        int[] widths = new int[columns];
        for (Row row : rows) {
            for (int c = 0; c < row.cells().size(); c++) {
                widths[c] = Math.max(widths[c], Math.max(1, row.cells().get(c).width()));
            }
        }
        return widths;
    }

    /** Narrows the widest column, one column at a time, until the table fits {@code room}. */
    private static int[] fit(int[] widths, int room) {
        int total = 0;
        for (int w : widths) {
            total += w;
        }
        while (total > room) {
            int widest = 0;
            for (int c = 1; c < widths.length; c++) {
                if (widths[c] > widths[widest]) {
                    widest = c;
                }
            }
            if (widths[widest] <= MIN_COLUMN) {
                break;
            }
            widths[widest]--;
            total--;
        }
        return widths;
    }

    private List<Line> draw(Row row, int[] widths) {
        List<List<Line>> wrapped = new ArrayList<>();
        int height = 1;
        for (int c = 0; c < widths.length; c++) {
            Line cell = c < row.cells().size() ? row.cells().get(c) : Line.EMPTY;
            List<Line> rows = Wrap.words(cell, widths[c], Line.EMPTY, Line.EMPTY);
            wrapped.add(rows);
            height = Math.max(height, rows.size());
        }
        Line bar = Line.of("│", theme.muted());
        List<Line> out = new ArrayList<>();
        for (int h = 0; h < height; h++) {
            Line line = bar;
            for (int c = 0; c < widths.length; c++) {
                Line part = h < wrapped.get(c).size() ? wrapped.get(c).get(h) : Line.EMPTY;
                TableCell.Alignment align = c < row.alignments().size() ? row.alignments().get(c) : null;
                line = line.append(Line.plain(" ")).append(pad(part, widths[c], align))
                        .append(Line.plain(" ")).append(bar);
            }
            out.add(line);
        }
        return out;
    }

    private static Line pad(Line part, int width, TableCell.Alignment align) {
        int gap = Math.max(0, width - part.width());
        int left = align == TableCell.Alignment.RIGHT ? gap : align == TableCell.Alignment.CENTER ? gap / 2 : 0;
        return Line.plain(" ".repeat(left)).append(part).append(Line.plain(" ".repeat(gap - left)));
    }

    private Line border(String left, String middle, String right, int[] widths) {
        StringBuilder text = new StringBuilder(left);
        for (int c = 0; c < widths.length; c++) {
            text.append("─".repeat(widths[c] + 2)).append(c + 1 < widths.length ? middle : right);
        }
        return Line.of(text.toString(), theme.muted());
    }
}
