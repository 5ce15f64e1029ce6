package dev.moka.cli.tui;

import java.util.ArrayList;
import java.util.List;

/** The text being written, with its cursor, laid out in rows of the terminal's width behind a prompt mark. */
final class Composer {
    private static final String MARK = "› ";

    /** The composer drawn: its rows and where the cursor is among them. */
    record Layout(List<Line> rows, int cursorRow, int cursorColumn) {}

    private final StringBuilder text = new StringBuilder();
    private int cursor;

    String text() {
        return text.toString();
    }

    int cursor() {
        return cursor;
    }

    boolean isEmpty() {
        return text.isEmpty();
    }

    void set(String value) {
        text.setLength(0);
        text.append(value);
        cursor = text.length();
    }

    String take() {
        String value = text.toString();
        set("");
        return value;
    }

    void insert(String value) {
        text.insert(cursor, value);
        cursor += value.length();
    }

    /** Replaces the text between {@code from} and the cursor, as a completion does. */
    void replaceBeforeCursor(int from, String value) {
        text.replace(from, cursor, value);
        cursor = from + value.length();
    }

    void backspace() {
        if (cursor > 0) {
            int n = Character.isLowSurrogate(text.charAt(cursor - 1)) && cursor > 1 ? 2 : 1;
            text.delete(cursor - n, cursor);
            cursor -= n;
        }
    }

    void delete() {
        if (cursor < text.length()) {
            text.deleteCharAt(cursor);
        }
    }

    void left() {
        cursor = Math.max(0, cursor - 1);
    }

    void right() {
        cursor = Math.min(text.length(), cursor + 1);
    }

    void home() {
        cursor = text.lastIndexOf("\n", cursor - 1) + 1;
    }

    void end() {
        int nl = text.indexOf("\n", cursor);
        cursor = nl < 0 ? text.length() : nl;
    }

    boolean onFirstLine() {
        return text.lastIndexOf("\n", cursor - 1) < 0;
    }

    boolean onLastLine() {
        return text.indexOf("\n", cursor) < 0;
    }

    /** Moves to the same column of the line above ({@code -1}) or below ({@code 1}). */
    void verticalMove(int direction) {
        int lineStart = text.lastIndexOf("\n", cursor - 1) + 1;
        int column = cursor - lineStart;
        if (direction < 0) {
            int prevStart = text.lastIndexOf("\n", lineStart - 2) + 1;
            cursor = Math.min(prevStart + column, lineStart - 1);
        } else {
            int nextStart = text.indexOf("\n", cursor) + 1;
            int nextEnd = text.indexOf("\n", nextStart);
            cursor = Math.min(nextStart + column, nextEnd < 0 ? text.length() : nextEnd);
        }
    }

    /** The rows of the composer at {@code width}, each source line cut into rows character by character. */
    Layout layout(int width, Theme theme, String placeholder) {
        int room = Math.max(1, width - MARK.length());
        List<Line> rows = new ArrayList<>();
        int cursorRow = 0;
        int cursorColumn = MARK.length();
        if (text.isEmpty()) {
            rows.add(Line.of(MARK, theme.user()).append(Line.of(placeholder, theme.muted())).truncate(width));
            return new Layout(rows, 0, MARK.length());
        }
        String value = text.toString();
        int index = 0;
        for (String line : value.split("\n", -1)) {
            int column = 0;
            StringBuilder row = new StringBuilder();
            for (int i = 0; i <= line.length(); ) {
                if (index + i == cursor) {
                    cursorRow = rows.size();
                    cursorColumn = MARK.length() + column;
                }
                if (i == line.length()) {
                    break;
                }
                int cp = line.codePointAt(i);
                int w = Width.of(cp);
                if (column + w > room) {
                    rows.add(composerRow(rows.isEmpty(), row.toString(), theme));
                    row.setLength(0);
                    column = 0;
                    continue;
                }
                row.appendCodePoint(cp);
                column += w;
                i += Character.charCount(cp);
            }
            rows.add(composerRow(rows.isEmpty(), row.toString(), theme));
            index += line.length() + 1;
        }
        return new Layout(rows, cursorRow, Math.min(cursorColumn, width - 1));
    }

    private static Line composerRow(boolean first, String row, Theme theme) {
        return Line.of(first ? MARK : "  ", theme.user()).append(Line.plain(row));
    }
}
