package dev.moka.core.tools.patch;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFileAttributeView;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;

/**
 * Writes a verified plan to disk as close to all-or-nothing as a file system allows: every new content is
 * first written to a temporary file beside its target, and only when all of them are written are they
 * renamed over their targets (an atomic rename each), then the deletions happen. If a step fails, what was
 * already done is put back from the contents held in memory.
 */
final class PatchCommit {
    private final PatchPlan plan;
    private final Deque<Path> createdDirs = new ArrayDeque<>();
    private final Map<Path, Path> staged = new LinkedHashMap<>();
    private final List<Path> done = new ArrayList<>();

    private PatchCommit(PatchPlan plan) {
        this.plan = plan;
    }

    static void commit(PatchPlan plan) throws PatchException {
        new PatchCommit(plan).run();
    }

    private void run() throws PatchException {
        Path current = null;
        try {
            for (Map.Entry<Path, String> write : plan.writes().entrySet()) {
                current = write.getKey();
                stage(write.getKey(), write.getValue());
            }
            for (Map.Entry<Path, Path> entry : staged.entrySet()) {
                current = entry.getKey();
                move(entry.getValue(), entry.getKey());
                done.add(entry.getKey());
            }
            for (Path file : plan.deletes()) {
                current = file;
                Files.delete(file);
                done.add(file);
            }
        } catch (IOException e) {
            String restored = rollBack();
            throw new PatchException("writing " + current + " failed (" + e + "); " + restored);
        }
    }

    private void stage(Path file, String content) throws IOException {
        createParents(file.getParent());
        Path temp = file.resolveSibling("." + file.getFileName() + "." + UUID.randomUUID() + ".moka-patch");
        staged.put(file, temp);
        // CREATE_NEW, not createTempFile: a new file gets the usual permissions rather than owner-only ones.
        Files.write(temp, content.getBytes(StandardCharsets.UTF_8), StandardOpenOption.CREATE_NEW,
                StandardOpenOption.WRITE);
        PosixFileAttributeView existing = Files.getFileAttributeView(file, PosixFileAttributeView.class);
        if (existing != null && Files.exists(file)) {
            Files.setPosixFilePermissions(temp, existing.readAttributes().permissions());
        }
    }

    private void createParents(Path dir) throws IOException {
        Deque<Path> missing = new ArrayDeque<>();
        for (Path d = dir; d != null && !Files.isDirectory(d); d = d.getParent()) {
            missing.push(d);
        }
        for (Path d : missing) {
            Files.createDirectory(d);
            createdDirs.push(d);
        }
    }

    private static void move(Path temp, Path target) throws IOException {
        try {
            Files.move(temp, target, StandardCopyOption.ATOMIC_MOVE);
        } catch (AtomicMoveNotSupportedException e) {
            Files.move(temp, target, StandardCopyOption.REPLACE_EXISTING);
        }
    }

    /** Puts back every file already changed and removes what was created; says how that went. */
    private String rollBack() {
        List<String> failures = new ArrayList<>();
        for (Path file : done.reversed()) {
            try {
                Optional<String> original = plan.before().get(file);
                if (original.isPresent()) {
                    Files.writeString(file, original.get(), StandardCharsets.UTF_8);
                } else {
                    Files.deleteIfExists(file);
                }
            } catch (IOException e) {
                failures.add(file.toString());
            }
        }
        for (Path temp : staged.values()) {
            deleteQuietly(temp);
        }
        while (!createdDirs.isEmpty()) {
            deleteQuietly(createdDirs.pop());
        }
        return failures.isEmpty() ? "every file was put back as it was"
                : "these files could not be put back and may be changed: " + String.join(", ", failures);
    }

    private static void deleteQuietly(Path path) {
        try {
            Files.deleteIfExists(path);
        } catch (IOException e) {
            // Best effort while already reporting a failure: a leftover temp file or empty folder is harmless.
        }
    }
}
