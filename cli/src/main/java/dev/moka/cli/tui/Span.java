package dev.moka.cli.tui;

/** A run of text drawn with one look. The text holds no control characters. */
record Span(String text, Look look) {
    static Span plain(String text) {
        return new Span(text, Look.PLAIN);
    }
}
