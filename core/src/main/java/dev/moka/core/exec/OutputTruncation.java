package dev.moka.core.exec;

import java.nio.charset.StandardCharsets;

/** Shortens long text by cutting out its middle, where command output is least useful. */
public final class OutputTruncation {
    /** A line boundary is preferred when it costs at most this share of each half's budget. */
    private static final int LINE_SEARCH_DIVISOR = 4;

    private OutputTruncation() {}

    /**
     * The text unchanged if its UTF-8 form fits in {@code maxBytes}; otherwise its head and tail joined by a
     * marker such as {@code [... 1234 bytes (56 lines) omitted ...]}. Cuts fall on character boundaries, on
     * line boundaries where one is near, and the result fits the budget unless the budget is smaller than the
     * marker itself.
     */
    public static String middle(String text, int maxBytes) {
        if (maxBytes < 0) {
            throw new IllegalArgumentException("maxBytes must not be negative, got " + maxBytes);
        }
        byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
        if (bytes.length <= maxBytes) {
            return text;
        }
        // The marker's real numbers are at most these, so reserving for them keeps the result within budget.
        int reserve = marker(bytes.length, bytes.length).length() + 2;
        int budget = Math.max(0, maxBytes - reserve);
        int headEnd = headEnd(bytes, budget / 2);
        int tailStart = tailStart(bytes, bytes.length - (budget - budget / 2));
        String head = new String(bytes, 0, headEnd, StandardCharsets.UTF_8);
        String tail = new String(bytes, tailStart, bytes.length - tailStart, StandardCharsets.UTF_8);
        String marker = marker(tailStart - headEnd, countNewlines(bytes, headEnd, tailStart));
        String before = head.isEmpty() || head.endsWith("\n") ? "" : "\n";
        String after = tail.isEmpty() ? "" : "\n";
        return head + before + marker + after + tail;
    }

    /** The marker that stands for omitted output, shared with the capture limit of {@link ProcessRunner}. */
    static String marker(long bytes, long lines) {
        return "[... " + bytes + " bytes (" + lines + (lines == 1 ? " line" : " lines") + ") omitted ...]";
    }

    static long countNewlines(byte[] bytes, int from, int to) {
        long lines = 0;
        for (int i = from; i < to; i++) {
            if (bytes[i] == '\n') {
                lines++;
            }
        }
        return lines;
    }

    /** Where the kept head ends: just after a newline near the budget, else the last character boundary. */
    private static int headEnd(byte[] bytes, int budget) {
        int limit = Utf8.floorBoundary(bytes, budget);
        int floor = limit - budget / LINE_SEARCH_DIVISOR;
        for (int i = limit - 1; i >= floor && i >= 0; i--) {
            if (bytes[i] == '\n') {
                return i + 1;
            }
        }
        return limit;
    }

    /** Where the kept tail starts: just after a newline near the budget, else the first character boundary. */
    private static int tailStart(byte[] bytes, int start) {
        int limit = Utf8.ceilBoundary(bytes, start);
        if (limit == 0 || bytes[limit - 1] == '\n') {
            return limit;
        }
        int ceiling = limit + (bytes.length - start) / LINE_SEARCH_DIVISOR;
        for (int i = limit; i < ceiling && i < bytes.length; i++) {
            if (bytes[i] == '\n') {
                return i + 1;
            }
        }
        return limit;
    }
}
