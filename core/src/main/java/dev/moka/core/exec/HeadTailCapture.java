package dev.moka.core.exec;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;

/**
 * Captures a byte stream up to a limit, keeping its first and last halves: the head shows how a command
 * started, the tail how it ended. Not thread-safe; {@link OutputSink} guards it.
 */
final class HeadTailCapture {
    private final byte[] head;
    private int headLength;
    private final byte[] ring;
    private int ringStart;
    private int ringLength;
    private long omittedBytes;
    private long omittedLines;

    HeadTailCapture(int limit) {
        head = new byte[limit / 2];
        ring = new byte[limit - limit / 2];
    }

    void append(byte[] bytes, int offset, int length) {
        int toHead = Math.min(length, head.length - headLength);
        System.arraycopy(bytes, offset, head, headLength, toHead);
        headLength += toHead;
        appendToRing(bytes, offset + toHead, length - toHead);
    }

    private void appendToRing(byte[] bytes, int offset, int length) {
        if (length == 0) {
            return;
        }
        if (length >= ring.length) {
            evict(ringLength);
            int skipped = length - ring.length;
            omittedBytes += skipped;
            omittedLines += OutputTruncation.countNewlines(bytes, offset, offset + skipped);
            System.arraycopy(bytes, offset + skipped, ring, 0, ring.length);
            ringStart = 0;
            ringLength = ring.length;
            return;
        }
        evict(Math.max(0, ringLength + length - ring.length));
        int end = (ringStart + ringLength) % ring.length;
        int first = Math.min(length, ring.length - end);
        System.arraycopy(bytes, offset, ring, end, first);
        System.arraycopy(bytes, offset + first, ring, 0, length - first);
        ringLength += length;
    }

    /** Drops the oldest {@code count} bytes of the ring, remembering how much and how many lines went. */
    private void evict(int count) {
        for (int i = 0; i < count; i++) {
            if (ring[(ringStart + i) % ring.length] == '\n') {
                omittedLines++;
            }
        }
        omittedBytes += count;
        ringStart = ring.length == 0 ? 0 : (ringStart + count) % ring.length;
        ringLength -= count;
    }

    /** The captured text; when bytes were dropped, a marker stands where they were. */
    String text() {
        byte[] tail = ringBytes();
        if (omittedBytes == 0) {
            ByteArrayOutputStream all = new ByteArrayOutputStream(headLength + tail.length);
            all.write(head, 0, headLength);
            all.write(tail, 0, tail.length);
            return all.toString(StandardCharsets.UTF_8);
        }
        // A character cut in half at either edge is dropped with the omitted bytes rather than shown garbled.
        int headEnd = Utf8.completeLength(head, headLength);
        int tailStart = Utf8.ceilBoundary(tail, 0);
        long bytes = omittedBytes + (headLength - headEnd) + tailStart;
        String before = new String(head, 0, headEnd, StandardCharsets.UTF_8);
        String after = new String(tail, tailStart, tail.length - tailStart, StandardCharsets.UTF_8);
        String separator = before.isEmpty() || before.endsWith("\n") ? "" : "\n";
        return before + separator + OutputTruncation.marker(bytes, omittedLines) + "\n" + after;
    }

    private byte[] ringBytes() {
        byte[] out = new byte[ringLength];
        int first = Math.min(ringLength, ring.length - ringStart);
        System.arraycopy(ring, ringStart, out, 0, first);
        System.arraycopy(ring, 0, out, first, ringLength - first);
        return out;
    }
}
