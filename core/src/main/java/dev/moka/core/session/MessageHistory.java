package dev.moka.core.session;

import dev.moka.core.io.Uninterruptible;
import dev.moka.protocol.Json;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code $MOKA_HOME/history.jsonl}: one {@code {"session_id","ts","text"}} line per message the person sent,
 * shared by every Moka process and every session in one. Each append holds the file's exclusive lock, so
 * lines never interleave; past {@code maxBytes} the oldest lines are dropped, never the newest. A cut-off
 * last line (a crash, a full disk) stays alone, and bytes that are not UTF-8 are read as replacement
 * characters, never as an error. The file's inode is its log id, so a front end can tell when the file it
 * paged through was replaced.
 */
final class MessageHistory {
    /** How long an append waits for another session of this process to finish its own. */
    private static final long LOCK_WAIT_MILLIS = 10_000;

    /** The file's identity and how many entries it holds. */
    record Metadata(long logId, long entryCount) {}

    private final Path file;
    private final boolean enabled;
    /** The most of the file read for look-ups: far more prompts than a person steps back through. */
    static final int MAX_READ_BYTES = 32 * 1024 * 1024;

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
        AppendOnlyLines.requireRegularIfPresent(file, "the message history");
        createPrivately();
        // Off the caller's thread: a prompt sent just before Esc must not be lost to the interrupt.
        Uninterruptible.call("moka-history-append", () -> {
            appendLocked(line);
            return null;
        });
    }

    private void appendLocked(byte[] line) throws IOException {
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.READ, StandardOpenOption.WRITE);
                FileLock ignored = lock(channel)) {
            if (AppendOnlyLines.endsMidLine(channel)) {
                AppendOnlyLines.append(channel, new byte[] {'\n'});
            }
            AppendOnlyLines.append(channel, line);
            if (maxBytes > 0 && channel.size() > maxBytes) {
                trim(channel);
            }
        }
    }

    synchronized Metadata metadata() throws IOException {
        if (!enabled || !Files.exists(file)) {
            return new Metadata(0, 0);
        }
        return new Metadata(logId(), lines().size());
    }

    /** The entry at {@code offset} (0 is the oldest), or null when out of range or the log id has changed. */
    synchronized String entry(long logId, long offset) throws IOException {
        if (!enabled || !Files.exists(file) || logId != logId() || offset < 0) {
            return null;
        }
        List<byte[]> lines = lines();
        return offset < lines.size() ? new String(lines.get((int) offset), StandardCharsets.UTF_8) : null;
    }

    /**
     * The entries, read from at most the last {@link #MAX_READ_BYTES} of the file (the newest ones, which are
     * the ones a person steps back through; a file grown past that without a history.max_bytes, or a damaged
     * sparse one, must not fill the heap). A first line cut by that bound is left out.
     */
    private List<byte[]> lines() throws IOException {
        AppendOnlyLines.requireRegularIfPresent(file, "the message history");
        // A RandomAccessFile, not a channel: an interrupt of the asking thread must not close it mid-read.
        try (var in = new java.io.RandomAccessFile(file.toFile(), "r")) {
            long size = in.length();
            long from = Math.max(0, size - MAX_READ_BYTES);
            byte[] bytes = new byte[(int) (size - from)];
            in.seek(from);
            in.readFully(bytes);
            List<byte[]> lines = AppendOnlyLines.split(bytes);
            return from > 0 && !lines.isEmpty() ? lines.subList(1, lines.size()) : lines;
        }
    }

    private long logId() throws IOException {
        try {
            return ((Number) Files.getAttribute(file, "unix:ino")).longValue();
        } catch (UnsupportedOperationException | IllegalArgumentException e) {
            return 0;
        }
    }

    /**
     * The file's lock. The JVM refuses a second lock on one file within a process (another session appending
     * at this moment), so that case waits its turn instead of failing.
     */
    private static FileLock lock(FileChannel channel) throws IOException {
        long deadline = System.currentTimeMillis() + LOCK_WAIT_MILLIS;
        while (true) {
            try {
                return channel.lock();
            } catch (OverlappingFileLockException e) {
                if (System.currentTimeMillis() > deadline) {
                    throw new IOException("the message history stayed locked by another session of this process "
                            + "for " + LOCK_WAIT_MILLIS / 1000 + " s");
                }
                try {
                    Thread.sleep(2);
                } catch (InterruptedException interrupted) {
                    Thread.currentThread().interrupt();
                    throw new IOException("interrupted while waiting to write the message history");
                }
            }
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
        } catch (FileAlreadyExistsException e) {
            // Another process created it first; appending to it is what we want.
        }
    }

    /**
     * Rewrites the file with its newest whole lines that fit in {@code maxBytes}, and always the newest one,
     * however long: a big prompt must not empty the history. Holds the lock.
     */
    private void trim(FileChannel channel) throws IOException {
        ByteBuffer all = ByteBuffer.allocate((int) channel.size());
        while (all.hasRemaining() && channel.read(all, all.position()) > 0) {
            // read until full
        }
        List<byte[]> lines = AppendOnlyLines.split(all.array());
        List<byte[]> kept = new ArrayList<>();
        long size = 0;
        for (int i = lines.size() - 1; i >= 0; i--) {
            long next = size + lines.get(i).length + 1;
            if (next > maxBytes && !kept.isEmpty()) {
                break;
            }
            kept.addFirst(lines.get(i));
            size = next;
        }
        var out = new java.io.ByteArrayOutputStream((int) size);
        kept.forEach(line -> {
            out.writeBytes(line);
            out.write('\n');
        });
        channel.truncate(0);
        AppendOnlyLines.append(channel, out.toByteArray());
    }
}
