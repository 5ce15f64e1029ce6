package dev.moka.core.rewind;

import dev.moka.core.io.PrivateFiles;
import dev.moka.core.io.Uninterruptible;
import dev.moka.protocol.Json;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.DirectoryStream;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.attribute.FileTime;
import java.security.DigestInputStream;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Moka's own copies of a session's workspace files, under {@code $MOKA_HOME/snapshots/<session>}: each file's
 * content once, by its SHA-256 ({@code blobs/}), each snapshot as a manifest named by its own hash
 * ({@code manifests/}), and the spans of the session's turns in the order they ran ({@code spans.jsonl}), so a
 * resumed session finds them. All of it is written through {@link Uninterruptible}: Esc interrupting a turn
 * must not close a file half-written. Bounded: the store as a whole keeps under {@link #MAX_STORE_BYTES}, the
 * oldest sessions' copies going first, and a file over {@link #MAX_FILE_BYTES} is left out and named.
 */
final class SnapshotStore {
    static final long MAX_STORE_BYTES = 1L << 30;
    static final long MAX_FILE_BYTES = 10L << 20;
    /** A workspace with more files than this is not snapshotted: walking and hashing it every turn would cost too much. */
    static final int MAX_FILES = 20_000;

    private final Path dir;
    private long bytes;

    private SnapshotStore(Path dir, long bytes) {
        this.dir = dir;
        this.bytes = bytes;
    }

    /** The store of session {@code sessionId} under {@code root}, making room by removing the oldest other sessions'. */
    static SnapshotStore open(Path root, String sessionId) throws IOException {
        return Uninterruptible.call("moka-snapshots-open", () -> {
            Path dir = root.resolve(sessionId);
            Files.createDirectories(dir.resolve("blobs"));
            Files.createDirectories(dir.resolve("manifests"));
            List<Path> others = new ArrayList<>();
            try (DirectoryStream<Path> sessions = Files.newDirectoryStream(root)) {
                sessions.forEach(others::add);
            }
            others.remove(dir);
            // Used now: the pruning below (this session's or another's) takes the least recently used first.
            Files.setLastModifiedTime(dir, FileTime.fromMillis(System.currentTimeMillis()));
            others.sort(Comparator.comparing(SnapshotStore::modified));
            long total = size(dir);
            long own = total;
            List<Long> sizes = new ArrayList<>();
            for (Path other : others) {
                long size = size(other);
                sizes.add(size);
                total += size;
            }
            for (int i = 0; i < others.size() && total > MAX_STORE_BYTES; i++) {
                delete(others.get(i));
                total -= sizes.get(i);
            }
            return new SnapshotStore(dir, own);
        });
    }

    /** A snapshot that was taken: the manifest's id and the manifest. */
    record Taken(String id, Manifest manifest) {}

    /**
     * Snapshots {@code workspace} but what git ignores there, reusing {@code previous}'s hashes for files whose
     * size and time did not change. Throws with a sentence for the person when the workspace is too big to keep
     * or the store is full. Asking git what it ignores waits for a process, so it runs inside the uninterruptible
     * part too: the snapshot after a turn is taken just when an Esc or a shutdown interrupts.
     */
    Taken take(Path workspace, Manifest previous) throws IOException {
        return Uninterruptible.call("moka-snapshot", () -> {
            IgnoredFiles ignored = IgnoredFiles.under(workspace);
            Map<String, FileState> files = new TreeMap<>();
            List<String> leftOut = new ArrayList<>();
            Files.walkFileTree(workspace, new SimpleFileVisitor<>() {
                @Override
                public FileVisitResult preVisitDirectory(Path d, BasicFileAttributes attrs) {
                    return d.equals(workspace) || !ignored.ignored(relative(workspace, d)) ? FileVisitResult.CONTINUE
                            : FileVisitResult.SKIP_SUBTREE;
                }

                @Override
                public FileVisitResult visitFile(Path file, BasicFileAttributes attrs) throws IOException {
                    String name = relative(workspace, file);
                    if (!attrs.isRegularFile() || ignored.ignored(name)) {
                        return FileVisitResult.CONTINUE;
                    }
                    if (attrs.size() > MAX_FILE_BYTES) {
                        leftOut.add(name);
                        return FileVisitResult.CONTINUE;
                    }
                    if (files.size() >= MAX_FILES) {
                        throw new IOException(workspace + " holds more than " + MAX_FILES + " files Moka would keep");
                    }
                    files.put(name, state(file, attrs, previous.files().get(name)));
                    return FileVisitResult.CONTINUE;
                }

                @Override
                public FileVisitResult visitFileFailed(Path file, IOException e) {
                    // Unreadable (or gone since it was listed): not kept, so a rewind never touches it.
                    return FileVisitResult.CONTINUE;
                }
            });
            Manifest manifest = new Manifest(files, leftOut);
            byte[] json = Json.MAPPER.writeValueAsBytes(manifest);
            String id = hex(digest().digest(json));
            Path target = dir.resolve("manifests").resolve(id + ".json");
            if (!Files.exists(target)) {
                PrivateFiles.write(target, new String(json, StandardCharsets.UTF_8));
                bytes += json.length;
            }
            return new Taken(id, manifest);
        });
    }

    Manifest manifest(String id) throws IOException {
        return Uninterruptible.call("moka-snapshot-read", () -> {
            try {
                return Json.MAPPER.readValue(Files.readAllBytes(dir.resolve("manifests").resolve(id + ".json")),
                        Manifest.class);
            } catch (RuntimeException e) {
                throw new IOException("snapshot " + id + " cannot be read: " + e.getMessage(), e);
            }
        });
    }

    /** Records a span after those before it. */
    void append(ChangeSpan span) throws IOException {
        Uninterruptible.call("moka-snapshot-span", () -> {
            Files.writeString(dir.resolve("spans.jsonl"), Json.MAPPER.writeValueAsString(span) + "\n",
                    StandardOpenOption.CREATE, StandardOpenOption.APPEND);
            return null;
        });
    }

    /** The spans of the session's current timeline, oldest first; none when nothing was recorded. */
    List<ChangeSpan> spans() throws IOException {
        Path file = dir.resolve("spans.jsonl");
        List<String> lines = Uninterruptible.call("moka-snapshot-spans", () -> Files.exists(file)
                ? Files.readAllLines(file) : List.of());
        List<ChangeSpan> spans = new ArrayList<>();
        for (String line : lines) {
            ChangeSpan span;
            try {
                span = Json.MAPPER.readValue(line, ChangeSpan.class);
            } catch (RuntimeException e) {
                // A line cut short by a crash: what came before it still holds.
                continue;
            }
            spans.removeIf(s -> s.forkedAwayBy(span.position()));
            spans.add(span);
        }
        return spans;
    }

    /** Writes the kept content {@code state} back to {@code file}, whole or not at all. */
    void writeBack(FileState state, Path file) throws IOException {
        Uninterruptible.call("moka-rewind-write", () -> {
            Path parent = file.toAbsolutePath().getParent();
            Files.createDirectories(parent);
            Path temp = Files.createTempFile(parent, "." + file.getFileName(), ".moka-rewind");
            try {
                Files.copy(blob(state.hash()), temp, StandardCopyOption.REPLACE_EXISTING);
                temp.toFile().setExecutable(state.executable());
                try {
                    Files.move(temp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
                } catch (AtomicMoveNotSupportedException e) {
                    Files.move(temp, file, StandardCopyOption.REPLACE_EXISTING);
                }
            } finally {
                Files.deleteIfExists(temp);
            }
            return null;
        });
    }

    /**
     * The state of {@code file}: {@code previous}'s when its size and time are the same (as git trusts its index),
     * else hashed, and copied into the store unless a copy of that content is there already.
     */
    private FileState state(Path file, BasicFileAttributes attrs, FileState previous) throws IOException {
        long modified = attrs.lastModifiedTime().toMillis();
        if (previous != null && previous.size() == attrs.size() && previous.modified() == modified) {
            return previous;
        }
        boolean executable = Files.isExecutable(file);
        MessageDigest digest = digest();
        try (InputStream in = new DigestInputStream(Files.newInputStream(file), digest)) {
            in.transferTo(OutputStream.nullOutputStream());
        }
        String hash = hex(digest.digest());
        Path target = blob(hash);
        if (!Files.exists(target)) {
            if (bytes + attrs.size() > MAX_STORE_BYTES) {
                throw new IOException("the rewind store is full (" + (MAX_STORE_BYTES >> 20) + " MiB)");
            }
            Files.createDirectories(target.getParent());
            // Copied under a temporary name and renamed, so a crash never leaves a blob that is not its hash.
            Path temp = Files.createTempFile(target.getParent(), "incoming", ".tmp");
            try {
                Files.copy(file, temp, StandardCopyOption.REPLACE_EXISTING);
                Files.move(temp, target, StandardCopyOption.ATOMIC_MOVE);
                bytes += attrs.size();
            } finally {
                Files.deleteIfExists(temp);
            }
        }
        return new FileState(hash, attrs.size(), modified, executable);
    }

    private Path blob(String hash) {
        return dir.resolve("blobs").resolve(hash.substring(0, 2)).resolve(hash.substring(2));
    }

    private static String relative(Path workspace, Path file) {
        return workspace.relativize(file).toString().replace(java.io.File.separatorChar, '/');
    }

    static void warmUp() {
        hex(digest().digest(new byte[0]));
    }

    private static MessageDigest digest() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java has SHA-256", e);
        }
    }

    private static String hex(byte[] bytes) {
        return HexFormat.of().formatHex(bytes);
    }

    private static FileTime modified(Path dir) {
        try {
            return Files.getLastModifiedTime(dir);
        } catch (IOException e) {
            return FileTime.fromMillis(0);
        }
    }

    private static long size(Path dir) throws IOException {
        if (!Files.isDirectory(dir)) {
            return 0;
        }
        try (var walk = Files.walk(dir)) {
            return walk.filter(Files::isRegularFile).mapToLong(f -> {
                try {
                    return Files.size(f);
                } catch (IOException e) {
                    return 0;
                }
            }).sum();
        } catch (UncheckedIOException e) {
            throw e.getCause();
        }
    }

    private static void delete(Path dir) throws IOException {
        try (var walk = Files.walk(dir)) {
            for (Path p : walk.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        }
    }
}
