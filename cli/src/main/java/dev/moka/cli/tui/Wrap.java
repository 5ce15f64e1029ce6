package dev.moka.cli.tui;

import java.util.ArrayList;
import java.util.List;

/**
 * Fits styled text to the terminal's width: words move to the next row whole, a word wider than a row is
 * cut, continuation rows get their own prefix (a list's hanging indent, a quote's bar). Every row this
 * returns is at most {@code width} columns, which the screen relies on to know how many rows it drew.
 */
final class Wrap {
    private Wrap() {}

    /** A word or a run of spaces, made of the spans it crosses. */
    private record Token(List<Span> parts, boolean space, int width) {}

    /** {@code line} wrapped at word boundaries to {@code width}, behind {@code first} then {@code rest}. */
    static List<Line> words(Line line, int width, Line first, Line rest) {
        List<Line> rows = new ArrayList<>();
        Row row = new Row(first, width);
        boolean firstRow = true;
        List<Span> pendingSpace = List.of();
        for (Token token : tokens(line)) {
            if (token.space()) {
                // Spaces are placed only once a word follows on the same row: none end or start a wrapped row.
                pendingSpace = row.empty() && !firstRow ? List.of() : token.parts();
                continue;
            }
            int spaceWidth = widthOf(pendingSpace);
            if (!row.fits(spaceWidth + token.width()) && !row.empty()) {
                rows.add(row.done());
                row = new Row(rest, width);
                firstRow = false;
                pendingSpace = List.of();
            }
            row.add(pendingSpace);
            pendingSpace = List.of();
            if (row.fits(token.width())) {
                row.add(token.parts());
                continue;
            }
            for (Span piece : split(token.parts())) {
                if (!row.fits(Width.of(piece.text())) && !row.empty()) {
                    rows.add(row.done());
                    row = new Row(rest, width);
                    firstRow = false;
                }
                row.add(List.of(piece));
            }
        }
        rows.add(row.done());
        return rows;
    }

    /** {@code line} cut every {@code width} columns, spaces kept: for code, where words do not matter. */
    static List<Line> hard(Line line, int width, Line first, Line rest) {
        List<Line> rows = new ArrayList<>();
        Row row = new Row(first, width);
        for (Span piece : split(line.spans())) {
            if (!row.fits(Width.of(piece.text())) && !row.empty()) {
                rows.add(row.done());
                row = new Row(rest, width);
            }
            row.add(List.of(piece));
        }
        rows.add(row.done());
        return rows;
    }

    /** Spans broken into single characters' worth of spans, merged back by {@link Row}. */
    private static List<Span> split(List<Span> spans) {
        List<Span> pieces = new ArrayList<>();
        for (Span span : spans) {
            String text = span.text();
            for (int i = 0; i < text.length(); ) {
                int n = Character.charCount(text.codePointAt(i));
                pieces.add(new Span(text.substring(i, i + n), span.look()));
                i += n;
            }
        }
        return pieces;
    }

    private static List<Token> tokens(Line line) {
        List<Token> tokens = new ArrayList<>();
        List<Span> parts = new ArrayList<>();
        Boolean space = null;
        for (Span span : line.spans()) {
            String text = span.text();
            int start = 0;
            for (int i = 0; i < text.length(); i++) {
                boolean isSpace = text.charAt(i) == ' ';
                if (space != null && isSpace != space) {
                    if (i > start) {
                        parts.add(new Span(text.substring(start, i), span.look()));
                    }
                    tokens.add(new Token(List.copyOf(parts), space, widthOf(parts)));
                    parts.clear();
                    start = i;
                }
                space = isSpace;
            }
            if (start < text.length()) {
                parts.add(new Span(text.substring(start), span.look()));
            }
        }
        if (!parts.isEmpty()) {
            tokens.add(new Token(List.copyOf(parts), space, widthOf(parts)));
        }
        return tokens;
    }

    private static int widthOf(List<Span> parts) {
        int width = 0;
        for (Span part : parts) {
            width += Width.of(part.text());
        }
        return width;
    }

    /** A row being filled; adjacent spans of one look are merged to keep output short. */
    private static final class Row {
        private final List<Span> spans = new ArrayList<>();
        private final int limit;
        private final int prefixWidth;
        private int used;

        Row(Line prefix, int width) {
            spans.addAll(prefix.spans());
            prefixWidth = prefix.width();
            used = prefixWidth;
            limit = Math.max(width, prefixWidth + 1);
        }

        boolean empty() {
            return used == prefixWidth;
        }

        boolean fits(int columns) {
            return used + columns <= limit;
        }

        void add(List<Span> parts) {
            for (Span part : parts) {
                int last = spans.size() - 1;
                if (last >= 0 && spans.get(last).look().equals(part.look()) && used > prefixWidth) {
                    spans.set(last, new Span(spans.get(last).text() + part.text(), part.look()));
                } else {
                    spans.add(part);
                }
                used += Width.of(part.text());
            }
        }

        Line done() {
            return new Line(spans);
        }
    }
}
