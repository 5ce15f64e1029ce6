package dev.moka.cli.tui;

import java.util.ArrayList;
import java.util.List;
import org.commonmark.ext.gfm.tables.TableBlock;
import org.commonmark.ext.gfm.tables.TablesExtension;
import org.commonmark.node.BlockQuote;
import org.commonmark.node.BulletList;
import org.commonmark.node.FencedCodeBlock;
import org.commonmark.node.Heading;
import org.commonmark.node.HtmlBlock;
import org.commonmark.node.IndentedCodeBlock;
import org.commonmark.node.ListBlock;
import org.commonmark.node.ListItem;
import org.commonmark.node.Node;
import org.commonmark.node.OrderedList;
import org.commonmark.node.Paragraph;
import org.commonmark.node.ThematicBreak;
import org.commonmark.parser.Parser;

/**
 * Draws Markdown as styled rows of a given width: headings, paragraphs, lists with hanging indents, block
 * quotes behind a bar, fenced code highlighted and cut (never word-wrapped), tables in box lines. The text
 * must already be free of control sequences.
 */
final class MarkdownView {
    private static final Parser PARSER = Parser.builder().extensions(List.of(TablesExtension.create())).build();

    private final Theme theme;
    private final Highlighter highlighter;

    MarkdownView(Theme theme) {
        this.theme = theme;
        this.highlighter = new Highlighter(theme);
    }

    List<Line> render(String markdown, int width) {
        return blocks(PARSER.parse(markdown), Math.max(width, 8), false);
    }

    /** The child blocks of {@code parent}, a blank row between them unless the list they sit in is tight. */
    private List<Line> blocks(Node parent, int width, boolean tight) {
        List<Line> lines = new ArrayList<>();
        for (Node child = parent.getFirstChild(); child != null; child = child.getNext()) {
            List<Line> drawn = block(child, width);
            if (drawn.isEmpty()) {
                continue;
            }
            if (!lines.isEmpty() && !tight) {
                lines.add(Line.EMPTY);
            }
            lines.addAll(drawn);
        }
        return lines;
    }

    private List<Line> block(Node node, int width) {
        return switch (node) {
            case Heading h -> heading(h, width);
            case Paragraph p -> paragraph(p, width, Look.PLAIN);
            case BulletList list -> list(list, width);
            case OrderedList list -> list(list, width);
            case BlockQuote quote -> prefixed(blocks(quote, width - 2, false), Line.of("│ ", theme.quote()));
            case FencedCodeBlock code -> code(code.getInfo(), code.getLiteral(), width, true, true);
            case IndentedCodeBlock code -> code("", code.getLiteral(), width, false, false);
            case ThematicBreak ignored -> List.of(Line.of("─".repeat(Math.min(width, 40)), theme.muted()));
            case TableBlock table -> new TableView(theme, new Inlines(theme)).render(table, width);
            case HtmlBlock html -> verbatim(html.getLiteral(), width);
            default -> blocks(node, width, false);
        };
    }

    private List<Line> heading(Heading heading, int width) {
        Look look = heading.getLevel() <= 2 ? theme.heading() : Look.PLAIN.asBold();
        Line marks = Line.of("#".repeat(heading.getLevel()) + " ", look.with(theme.muted()));
        List<Line> rows = new ArrayList<>();
        for (Line line : new Inlines(theme).lines(heading, look)) {
            rows.addAll(Wrap.words(line, width, marks, Line.EMPTY));
        }
        return rows;
    }

    private List<Line> paragraph(Node paragraph, int width, Look base) {
        List<Line> rows = new ArrayList<>();
        for (Line line : new Inlines(theme).lines(paragraph, base)) {
            rows.addAll(Wrap.words(line, width, Line.EMPTY, Line.EMPTY));
        }
        return rows;
    }

    private List<Line> list(ListBlock list, int width) {
        List<Line> rows = new ArrayList<>();
        int number = list instanceof OrderedList ordered && ordered.getMarkerStartNumber() != null
                ? ordered.getMarkerStartNumber() : 1;
        boolean nested = list.getParent() instanceof ListItem;
        for (Node item = list.getFirstChild(); item != null; item = item.getNext()) {
            String marker = list instanceof OrderedList ? number++ + ". " : nested ? "◦ " : "• ";
            List<Line> body = blocks(item, width - marker.length(), list.isTight());
            if (body.isEmpty()) {
                body = List.of(Line.EMPTY);
            }
            if (!rows.isEmpty() && !list.isTight()) {
                rows.add(Line.EMPTY);
            }
            rows.add(Line.of(marker, theme.accent()).append(body.getFirst()));
            Line indent = Line.plain(" ".repeat(marker.length()));
            body.subList(1, body.size()).forEach(l -> rows.add(l.spans().isEmpty() ? l : indent.append(l)));
        }
        return rows;
    }

    /** Code lines highlighted and cut at the width, with the fence's opening and closing rows when asked. */
    List<Line> code(String info, String literal, int width, boolean opening, boolean closing) {
        List<String> source = new ArrayList<>(literal.lines().toList());
        List<Line> rows = new ArrayList<>();
        String lang = info == null ? "" : info.strip();
        if (opening) {
            rows.add(Line.of("```" + lang, theme.muted()).truncate(width));
        }
        for (Line line : highlighter.highlight(lang, source)) {
            rows.addAll(Wrap.hard(line, width, Line.EMPTY, Line.EMPTY));
        }
        if (closing) {
            rows.add(Line.of("```", theme.muted()));
        }
        return rows;
    }

    private static List<Line> verbatim(String text, int width) {
        List<Line> rows = new ArrayList<>();
        text.strip().lines().forEach(l -> rows.addAll(Wrap.words(Line.plain(l), width, Line.EMPTY, Line.EMPTY)));
        return rows;
    }

    private static List<Line> prefixed(List<Line> lines, Line prefix) {
        List<Line> rows = new ArrayList<>(lines.size());
        lines.forEach(l -> rows.add(prefix.append(l)));
        return rows;
    }
}
