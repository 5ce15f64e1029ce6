package dev.moka.core.tools.patch;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFileAttributeView;
import java.nio.file.attribute.PosixFileAttributes;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;

/**
 * Writes a verified plan to disk as close to all-or-nothing as a file system allows: every new content is
 * first written to a temporary file beside its target, and only when all of them are written are they
 * renamed over their targets (an atomic rename each), then the deletions happen. If a step fails, what was
 * already done is put back from the contents held in memory. Every step goes through a {@link PatchDisk}, so
 * none follows a link swapped in after the plan was checked.
 */
final class PatchCommit {
    private final PatchPlan plan;
    private final PatchDisk disk;
    private final List<Path> createdDirs = new ArrayList<>();
    /** Each target's temporary file, named through the handle of the target's folder. */
    private final Map<Path, Path> staged = new LinkedHashMap<>();
    private final List<Path> done = new ArrayList<>();

    private PatchCommit(PatchPlan plan, PatchDisk disk) {
        this.plan = plan;
        this.disk = disk;
    }

    static void commit(PatchPlan plan) throws PatchException {
        commit(plan, Map.of());
    }

    /** Commits {@code plan}, refusing to write inside any of the {@code guarded} folders (file key to path). */
    static void commit(PatchPlan plan, Map<Object, Path> guarded) throws PatchException {
        try (PatchDisk disk = new PatchDisk(guarded)) {
            new PatchCommit(plan, disk).run();
        }
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
                Path temp = entry.getValue();
                Files.move(temp, temp.resolveSibling(current.getFileName().toString()),
                        StandardCopyOption.ATOMIC_MOVE);
                done.add(current);
            }
            for (Path file : plan.deletes()) {
                current = file;
                Files.delete(disk.at(file, false, null));
                done.add(file);
            }
        } catch (IOException e) {
            String restored = rollBack();
            throw new PatchException("writing " + current + " failed (" + reason(e) + "); " + restored);
        }
    }

    private void stage(Path file, String content) throws IOException {
        Path target = disk.at(file, true, createdDirs);
        Path temp = target.resolveSibling("." + file.getFileName() + "." + UUID.randomUUID() + ".moka-patch");
        // CREATE_NEW, not createTempFile: a new file gets the usual permissions rather than owner-only ones.
        // It also never follows a link, as O_EXCL never does.
        Files.write(temp, content.getBytes(StandardCharsets.UTF_8), StandardOpenOption.CREATE_NEW,
                StandardOpenOption.WRITE);
        staged.put(file, temp);
        try {
            PosixFileAttributes existing = Files.readAttributes(target, PosixFileAttributes.class,
                    LinkOption.NOFOLLOW_LINKS);
            if (existing.isRegularFile()) {
                Files.getFileAttributeView(temp, PosixFileAttributeView.class, LinkOption.NOFOLLOW_LINKS)
                        .setPermissions(existing.permissions());
            }
        } catch (NoSuchFileException | UnsupportedOperationException e) {
            // A new file, or a file system without POSIX modes: the temporary file's mode stands.
        }
    }

    /** Puts back every file already changed and removes what was created; says how that went. */
    private String rollBack() {
        List<String> failures = new ArrayList<>();
        for (Path file : done.reversed()) {
            try {
                Path entry = disk.at(file, false, null);
                Optional<String> original = plan.before().get(file);
                if (original.isPresent()) {
                    Files.writeString(entry, original.get(), StandardCharsets.UTF_8, StandardOpenOption.CREATE,
                            StandardOpenOption.TRUNCATE_EXISTING, StandardOpenOption.WRITE,
                            LinkOption.NOFOLLOW_LINKS);
                } else {
                    Files.deleteIfExists(entry);
                }
            } catch (IOException e) {
                failures.add(file.toString());
            }
        }
        for (Path temp : staged.values()) {
            deleteQuietly(temp);
        }
        for (Path dir : createdDirs.reversed()) {
            try {
                Files.deleteIfExists(disk.at(dir, false, null));
            } catch (IOException e) {
                // Best effort while already reporting a failure: an empty folder left behind is harmless.
            }
        }
        return failures.isEmpty() ? "every file was put back as it was"
                : "these files could not be put back and may be changed: " + String.join(", ", failures);
    }

    /** Why a step failed, for the model: PatchDisk's own refusals say it in words, others name the error. */
    private static String reason(IOException e) {
        return e.getClass() == IOException.class || e instanceof DirectoryCalls.Failure ? e.getMessage()
                : e.toString();
    }

    private static void deleteQuietly(Path path) {
        try {
            Files.deleteIfExists(path);
        } catch (IOException e) {
            // Best effort while already reporting a failure: a leftover temp file is harmless.
        }
    }
}
