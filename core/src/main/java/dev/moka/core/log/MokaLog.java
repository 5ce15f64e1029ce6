package dev.moka.core.log;

import dev.moka.core.io.Uninterruptible;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Instant;
import java.util.Map;

/**
 * {@code $MOKA_HOME/log/moka.log}: internal errors with their stack traces, failed model calls with their
 * request ids, and what a session did, for the person who has to find out later what went wrong. Every
 * line passes the {@link SecretRedactor}. Several processes append to the same file, each write under the
 * file's lock; past {@link #MAX_BYTES} the file is rotated to {@code moka.log.1} (and so on, up to
 * {@link #KEPT_FILES}). The file is opened on the first line written, so a run that logs nothing costs nothing.
 * A log that cannot be written is silently given up: it is the last resort, with nowhere further to report.
 */
public final class MokaLog {
    static final long MAX_BYTES = 4L * 1024 * 1024;
    static final int KEPT_FILES = 3;
    /** One entry never grows the file by more than this (a huge tool argument in a message, say). */
    static final int MAX_ENTRY_CHARS = 64 * 1024;

    private final Path file;
    private final LogLevel level;
    private final SecretRedactor redactor;
    private final long maxBytes;

    MokaLog(Path file, LogLevel level, SecretRedactor redactor, long maxBytes) {
        this.file = file;
        this.level = level;
        this.redactor = redactor;
        this.maxBytes = maxBytes;
    }

    /** The log of {@code mokaHome} at the level {@code MOKA_LOG} names (an unknown name: {@link LogLevel#INFO}). */
    public static MokaLog open(Path mokaHome, Map<String, String> env) {
        return open(mokaHome, env, SecretRedactor.fromEnvironment(env));
    }

    /** The same, masking what {@code secrets} knows (a session's configured keys, whatever they are named). */
    public static MokaLog open(Path mokaHome, Map<String, String> env, SecretRedactor secrets) {
        LogLevel level = LogLevel.parse(env.get("MOKA_LOG")).orElse(LogLevel.INFO);
        return new MokaLog(mokaHome.resolve("log").resolve("moka.log"), level, secrets, MAX_BYTES);
    }

    /**
     * Another file beside {@code moka.log} ({@code fileName}, such as an MCP server's stderr), with the same
     * level, rotation, locking and redaction.
     */
    public static MokaLog open(Path mokaHome, String fileName, Map<String, String> env, SecretRedactor secrets) {
        LogLevel level = LogLevel.parse(env.get("MOKA_LOG")).orElse(LogLevel.INFO);
        return new MokaLog(mokaHome.resolve("log").resolve(fileName), level, secrets, MAX_BYTES);
    }

    /** A log that writes nothing, for sessions without a MOKA_HOME. */
    public static MokaLog discarding() {
        return new MokaLog(null, LogLevel.OFF, SecretRedactor.fromEnvironment(Map.of()), MAX_BYTES);
    }

    public Path file() {
        return file;
    }

    public boolean enabled(LogLevel at) {
        return file != null && level.includes(at);
    }

    public void error(String message, Throwable cause) {
        write(LogLevel.ERROR, message, cause);
    }

    public void error(String message) {
        write(LogLevel.ERROR, message, null);
    }

    public void warn(String message) {
        write(LogLevel.WARN, message, null);
    }

    public void info(String message) {
        write(LogLevel.INFO, message, null);
    }

    public void debug(String message) {
        write(LogLevel.DEBUG, message, null);
    }

    private void write(LogLevel at, String message, Throwable cause) {
        if (!enabled(at)) {
            return;
        }
        var entry = new StringBuilder(Instant.now().toString()).append(' ').append(at).append(' ')
                .append('[').append(Thread.currentThread().getName()).append("] ").append(message);
        if (cause != null) {
            var trace = new StringWriter();
            cause.printStackTrace(new PrintWriter(trace));
            entry.append('\n').append(trace.toString().stripTrailing());
        }
        String text = entry.length() > MAX_ENTRY_CHARS
                ? entry.substring(0, MAX_ENTRY_CHARS) + " [" + (entry.length() - MAX_ENTRY_CHARS) + " chars cut]"
                : entry.toString();
        append((redactor.redact(text) + "\n").getBytes(StandardCharsets.UTF_8));
    }

    private synchronized void append(byte[] line) {
        try {
            // Off the caller's thread: the error an interrupted turn logs is the one most worth keeping.
            Uninterruptible.call("moka-log-append", () -> {
                appendLocked(line);
                return null;
            });
        } catch (IOException | RuntimeException e) {
            // Nowhere further to report to; the run goes on without its log.
        }
    }

    private void appendLocked(byte[] line) throws IOException {
        Files.createDirectories(file.getParent());
        try (FileChannel channel = openPrivately(); FileLock ignored = channel.lock()) {
            if (channel.size() + line.length > maxBytes && channel.size() > 0) {
                rotate();
                try (FileChannel fresh = openPrivately()) {
                    writeFully(fresh, line);
                }
                return;
            }
            channel.position(channel.size());
            writeFully(channel, line);
        }
    }

    private FileChannel openPrivately() throws IOException {
        try {
            return FileChannel.open(file, java.util.Set.of(StandardOpenOption.CREATE, StandardOpenOption.WRITE),
                    PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
        } catch (UnsupportedOperationException e) {
            return FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.WRITE);
        }
    }

    /** moka.log.2 becomes .3, .1 becomes .2, moka.log becomes .1. Runs under the current file's lock. */
    private void rotate() throws IOException {
        String name = file.getFileName().toString();
        for (int i = KEPT_FILES - 1; i >= 1; i--) {
            Path from = file.resolveSibling(name + "." + i);
            if (Files.exists(from)) {
                Files.move(from, file.resolveSibling(name + "." + (i + 1)), StandardCopyOption.REPLACE_EXISTING);
            }
        }
        Files.move(file, file.resolveSibling(name + ".1"), StandardCopyOption.REPLACE_EXISTING);
    }

    private static void writeFully(FileChannel channel, byte[] bytes) throws IOException {
        ByteBuffer buffer = ByteBuffer.wrap(bytes);
        while (buffer.hasRemaining()) {
            channel.write(buffer);
        }
    }
}
