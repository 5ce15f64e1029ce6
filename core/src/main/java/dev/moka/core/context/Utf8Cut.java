package dev.moka.core.context;

/** Cutting UTF-8 bytes without splitting a character. */
final class Utf8Cut {
    private Utf8Cut() {}

    /** The largest index at most {@code limit} that starts a character (or ends the array). */
    static int floor(byte[] bytes, int limit) {
        int i = Math.min(Math.max(limit, 0), bytes.length);
        while (i > 0 && i < bytes.length && (bytes[i] & 0xC0) == 0x80) {
            i--;
        }
        return i;
    }

    /** The smallest index at least {@code start} that starts a character (or ends the array). */
    static int ceil(byte[] bytes, int start) {
        int i = Math.min(Math.max(start, 0), bytes.length);
        while (i < bytes.length && (bytes[i] & 0xC0) == 0x80) {
            i++;
        }
        return i;
    }
}
