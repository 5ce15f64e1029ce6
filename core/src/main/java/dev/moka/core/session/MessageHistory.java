package dev.moka.core.session;

import dev.moka.protocol.Json;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Instant;
import java.util.List;

/**
 * {@code $MOKA_HOME/history.jsonl}: one {@code {"session_id","ts","text"}} line per message the person sent,
 * shared by every Moka process. Each append holds an exclusive file lock, so concurrent sessions never
 * interleave lines; past {@code maxBytes} the oldest lines are dropped. The file's inode is its log id, so a
 * front end can tell when the file it paged through was replaced.
 */
final class MessageHistory {
    /** The file's identity and how many entries it holds. */
    record Metadata(long logId, long entryCount) {}

    private final Path file;
    private final boolean enabled;
    private final long maxBytes;

    MessageHistory(Path file, boolean enabled, long maxBytes) {
        this.file = file;
        this.enabled = enabled && file != null;
        this.maxBytes = maxBytes;
    }

    /** Appends one entry; does nothing when persistence is off. */
    synchronized void append(String sessionId, String text) throws IOException {
        if (!enabled) {
            return;
        }
        var entry = Json.object().put("session_id", sessionId).put("ts", Instant.now().getEpochSecond())
                .put("text", text);
        byte[] line = (Json.write(entry) + "\n").getBytes(StandardCharsets.UTF_8);
        createPrivately();
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.READ, StandardOpenOption.WRITE);
                FileLock ignored = channel.lock()) {
            channel.position(channel.size());
            writeFully(channel, ByteBuffer.wrap(line));
            if (maxBytes > 0 && channel.size() > maxBytes) {
                trim(channel);
            }
        }
    }

    synchronized Metadata metadata() throws IOException {
        if (!enabled || !Files.exists(file)) {
            return new Metadata(0, 0);
        }
        try (var lines = Files.lines(file, StandardCharsets.UTF_8)) {
            return new Metadata(logId(), lines.count());
        }
    }

    /** The entry at {@code offset} (0 is the oldest), or null when out of range or the log id has changed. */
    synchronized String entry(long logId, long offset) throws IOException {
        if (!enabled || !Files.exists(file) || logId != logId() || offset < 0) {
            return null;
        }
        try (var lines = Files.lines(file, StandardCharsets.UTF_8)) {
            return lines.skip(offset).findFirst().orElse(null);
        }
    }

    private long logId() throws IOException {
        try {
            return ((Number) Files.getAttribute(file, "unix:ino")).longValue();
        } catch (UnsupportedOperationException | IllegalArgumentException e) {
            return 0;
        }
    }

    private void createPrivately() throws IOException {
        if (Files.exists(file)) {
            return;
        }
        Files.createDirectories(file.getParent());
        try {
            Files.createFile(file, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
        } catch (UnsupportedOperationException e) {
            Files.createFile(file);
        } catch (java.nio.file.FileAlreadyExistsException e) {
            // Another process created it first; appending to it is what we want.
        }
    }

    /** Rewrites the file with only its newest whole lines that fit in {@code maxBytes}. Holds the lock. */
    private void trim(FileChannel channel) throws IOException {
        ByteBuffer all = ByteBuffer.allocate((int) channel.size());
        channel.position(0);
        while (all.hasRemaining() && channel.read(all) > 0) {
            // read until full
        }
        List<String> lines = new String(all.array(), 0, all.position(), StandardCharsets.UTF_8).lines().toList();
        long size = 0;
        int first = lines.size();
        while (first > 0) {
            long next = size + lines.get(first - 1).getBytes(StandardCharsets.UTF_8).length + 1;
            if (next > maxBytes) {
                break;
            }
            size = next;
            first--;
        }
        var kept = new StringBuilder();
        lines.subList(first, lines.size()).forEach(l -> kept.append(l).append('\n'));
        channel.truncate(0);
        channel.position(0);
        writeFully(channel, ByteBuffer.wrap(kept.toString().getBytes(StandardCharsets.UTF_8)));
    }

    private static void writeFully(FileChannel channel, ByteBuffer buffer) throws IOException {
        while (buffer.hasRemaining()) {
            channel.write(buffer);
        }
    }
}
