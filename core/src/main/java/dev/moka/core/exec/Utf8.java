package dev.moka.core.exec;

/** Where UTF-8 characters start and end in raw bytes, so cuts never split a character. */
final class Utf8 {
    private Utf8() {}

    static boolean isContinuation(byte b) {
        return (b & 0xC0) == 0x80;
    }

    /** The largest character boundary at or before {@code index}. */
    static int floorBoundary(byte[] bytes, int index) {
        int i = index;
        while (i > 0 && i < bytes.length && isContinuation(bytes[i])) {
            i--;
        }
        return i;
    }

    /** The smallest character boundary at or after {@code index}. */
    static int ceilBoundary(byte[] bytes, int index) {
        int i = index;
        while (i < bytes.length && isContinuation(bytes[i])) {
            i++;
        }
        return i;
    }

    /**
     * How many of the first {@code length} bytes form whole characters: an unfinished sequence at the end is
     * left out. Malformed bytes count as whole (the decoder replaces them later), so nothing waits forever.
     */
    static int completeLength(byte[] bytes, int length) {
        int lead = length - 1;
        while (lead >= 0 && length - lead < 4 && isContinuation(bytes[lead])) {
            lead--;
        }
        if (lead < 0 || isContinuation(bytes[lead])) {
            return length;
        }
        int needed = sequenceLength(bytes[lead]);
        return length - lead < needed ? lead : length;
    }

    private static int sequenceLength(byte lead) {
        if ((lead & 0xE0) == 0xC0) {
            return 2;
        }
        if ((lead & 0xF0) == 0xE0) {
            return 3;
        }
        if ((lead & 0xF8) == 0xF0) {
            return 4;
        }
        return 1;
    }
}
