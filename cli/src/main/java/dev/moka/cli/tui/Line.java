package dev.moka.cli.tui;

import java.util.ArrayList;
import java.util.List;

/** One screen row of styled text, at most as wide as the terminal once wrapped. */
record Line(List<Span> spans) {
    static final Line EMPTY = new Line(List.of());
    private static final String OSC8 = "\u001b]8;;";
    private static final String ST = "\u001b\\";

    Line {
        spans = List.copyOf(spans);
    }

    static Line of(Span... spans) {
        return new Line(List.of(spans));
    }

    static Line plain(String text) {
        return of(Span.plain(text));
    }

    static Line of(String text, Look look) {
        return of(new Span(text, look));
    }

    /** This line followed by {@code other}'s spans. */
    Line append(Line other) {
        List<Span> all = new ArrayList<>(spans);
        all.addAll(other.spans);
        return new Line(all);
    }

    String text() {
        StringBuilder text = new StringBuilder();
        spans.forEach(s -> text.append(s.text()));
        return text.toString();
    }

    int width() {
        return Width.of(text());
    }

    /**
     * The row as terminal output: SGR sequences around each styled span and OSC 8 around each linked one when
     * {@code colour}, else plain text. A link is closed at the end of its span, so a row never leaves one open.
     */
    String render(boolean colour) {
        if (!colour) {
            return text();
        }
        StringBuilder out = new StringBuilder();
        for (Span span : spans) {
            String link = span.look().link();
            if (link != null) {
                out.append(OSC8).append(link).append(ST);
            }
            String sgr = span.look().sgr();
            if (sgr.isEmpty()) {
                out.append(span.text());
            } else {
                out.append("\u001b[").append(sgr).append('m').append(span.text()).append("\u001b[0m");
            }
            if (link != null) {
                out.append(OSC8).append(ST);
            }
        }
        return out.toString();
    }

    /** This line cut to {@code width} columns, with an ellipsis when something was cut. */
    Line truncate(int width) {
        if (width() <= width) {
            return this;
        }
        List<Span> kept = new ArrayList<>();
        int left = Math.max(0, width - 1);
        for (Span span : spans) {
            if (left <= 0) {
                break;
            }
            String cut = Width.prefix(span.text(), left);
            kept.add(new Span(cut, span.look()));
            left -= Width.of(cut);
        }
        kept.add(Span.plain("…"));
        return new Line(kept);
    }
}
