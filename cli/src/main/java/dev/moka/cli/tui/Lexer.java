package dev.moka.cli.tui;

import java.util.ArrayList;
import java.util.List;

/**
 * Splits code lines into coloured spans by a {@link Highlighter.Syntax}. It carries one piece of state from
 * line to line, an open block comment; a string left open at a line's end closes there.
 */
final class Lexer {
    private final Highlighter.Syntax syntax;
    private final Theme theme;
    private final boolean json;
    private final boolean yaml;
    private boolean inBlockComment;
    private Look found = Look.PLAIN;

    Lexer(Highlighter.Syntax syntax, Theme theme, boolean json, boolean yaml) {
        this.syntax = syntax;
        this.theme = theme;
        this.json = json;
        this.yaml = yaml;
    }

    Line line(String text) {
        List<Span> spans = new ArrayList<>();
        int i = 0;
        if (yaml) {
            i = yamlKey(text, spans);
        }
        int plainFrom = i;
        while (i < text.length()) {
            int end = token(text, i);
            if (end < 0) {
                i++;
                continue;
            }
            flushPlain(text, plainFrom, i, spans);
            spans.add(new Span(text.substring(i, end), found));
            i = end;
            plainFrom = i;
        }
        flushPlain(text, plainFrom, text.length(), spans);
        return new Line(spans);
    }

    /** The end of a coloured token starting at {@code i}, its look in {@link #found}; -1 when none starts. */
    private int token(String text, int i) {
        found = theme.comment();
        if (inBlockComment) {
            int close = text.indexOf(syntax.blockClose(), i);
            if (close < 0) {
                return text.length();
            }
            inBlockComment = false;
            return close + syntax.blockClose().length();
        }
        if (syntax.blockOpen() != null && text.startsWith(syntax.blockOpen(), i)) {
            inBlockComment = true;
            return token(text, i + syntax.blockOpen().length());
        }
        for (String comment : syntax.lineComments()) {
            if (text.startsWith(comment, i) && (i == 0 || !Character.isLetterOrDigit(text.charAt(i - 1)))) {
                return text.length();
            }
        }
        char c = text.charAt(i);
        if (syntax.quotes().indexOf(c) >= 0) {
            int end = stringEnd(text, i, c);
            found = json && text.substring(end).stripLeading().startsWith(":") ? theme.type() : theme.string();
            return end;
        }
        boolean wordStart = i == 0 || !isWord(text.charAt(i - 1));
        if (wordStart && (Character.isDigit(c) || c == '-' && json && i + 1 < text.length()
                && Character.isDigit(text.charAt(i + 1)))) {
            int end = i + 1;
            while (end < text.length() && (isWord(text.charAt(end)) || text.charAt(end) == '.')) {
                end++;
            }
            found = theme.number();
            return end;
        }
        if (wordStart && isWord(c)) {
            int end = i;
            while (end < text.length() && isWord(text.charAt(end))) {
                end++;
            }
            String word = text.substring(i, end);
            found = syntax.literals().contains(word) ? theme.number() : theme.keyword();
            return syntax.keywords().contains(word) || syntax.literals().contains(word) ? end : -1;
        }
        return -1;
    }

    private static int stringEnd(String text, int open, char quote) {
        int i = open + 1;
        while (i < text.length()) {
            char c = text.charAt(i);
            if (c == '\\') {
                i += 2;
                continue;
            }
            if (c == quote) {
                return i + 1;
            }
            i++;
        }
        return text.length();
    }

    /** A YAML mapping key at the line's start ({@code key:} after indentation or a list dash). */
    private int yamlKey(String text, List<Span> spans) {
        int colon = text.indexOf(':');
        String before = colon < 0 ? "" : text.substring(0, colon).stripLeading();
        if (before.startsWith("- ")) {
            before = before.substring(2);
        }
        if (colon < 0 || before.isEmpty() || before.startsWith("#") || !before.matches("[\\w.\\-\"' ]+")) {
            return 0;
        }
        int keyStart = text.indexOf(before);
        spans.add(Span.plain(text.substring(0, keyStart)));
        spans.add(new Span(text.substring(keyStart, colon), theme.type()));
        return colon;
    }

    private static void flushPlain(String text, int from, int to, List<Span> spans) {
        if (to > from) {
            spans.add(Span.plain(text.substring(from, to)));
        }
    }

    private static boolean isWord(char c) {
        return Character.isLetterOrDigit(c) || c == '_' || c == '$';
    }
}
