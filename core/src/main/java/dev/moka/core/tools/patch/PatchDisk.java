package dev.moka.core.tools.patch;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The files of one patch, reached without following a link. Moka writes patches from its own unconfined
 * process while a sandboxed command may be swapping a folder for a link to anywhere, so a path checked a
 * moment ago proves nothing: every folder on the way to a file is opened from {@code /} one name at a time,
 * refusing a link, and the file is then named through the handle of its folder ({@code /proc/self/fd/N/name}),
 * which the kernel resolves to the folder actually opened, whatever its path now leads to. The paths given
 * are real (links already resolved), so an honest one never meets a link on the way.
 */
final class PatchDisk implements AutoCloseable {
    /** The largest file apply_patch reads to edit; a bigger one is refused rather than read into memory. */
    static final int MAX_FILE_BYTES = 16 * 1024 * 1024;

    /** What a name in a folder is, looked at without following it. */
    sealed interface Found {
        record Absent() implements Found {}

        record Folder() implements Found {}

        /** A symbolic link, and the path it holds. */
        record Link(String target) implements Found {}

        /** A device, a pipe or a socket: nothing apply_patch edits. */
        record Special() implements Found {}

        record File(byte[] bytes) implements Found {}
    }

    /** Folders Moka must not write in (by file key, so a rename cannot disguise them), with their paths. */
    private final Map<Object, Path> guarded;
    private final Map<Path, Integer> held = new HashMap<>();

    /** A disk whose folders are only checked for links. */
    PatchDisk() {
        this(Map.of());
    }

    /** A disk that also refuses to open any folder in {@code guarded} (file key to path) on the way to a file. */
    PatchDisk(Map<Object, Path> guarded) {
        this.guarded = Map.copyOf(guarded);
    }

    /**
     * The name of {@code file} inside its folder as actually opened, for the usual {@link Files} calls (with
     * {@link LinkOption#NOFOLLOW_LINKS} where the file itself may be a link). Missing folders are made when
     * {@code create}, each one added to {@code made}.
     */
    Path at(Path file, boolean create, List<Path> made) throws IOException {
        Path parent = file.getParent();
        if (parent == null || file.getFileName() == null) {
            throw new IOException(file + " is not a file in a folder");
        }
        return handle(folder(parent, create, made)).resolve(file.getFileName().toString());
    }

    /** What {@code file} is; a file's bytes are read, at most {@link #MAX_FILE_BYTES} of them. */
    Found find(Path file) throws IOException {
        Path entry;
        try {
            entry = at(file, false, null);
        } catch (DirectoryCalls.Failure e) {
            if (e.missing()) {
                return new Found.Absent();
            }
            throw e;
        } catch (NotAFolder e) {
            // A file or a link where a folder should be: nothing is at this path; writing it fails with why.
            return new Found.Absent();
        }
        BasicFileAttributes attributes;
        try {
            attributes = Files.readAttributes(entry, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
        } catch (NoSuchFileException e) {
            return new Found.Absent();
        }
        if (attributes.isSymbolicLink()) {
            return new Found.Link(Files.readSymbolicLink(entry).toString());
        }
        if (attributes.isDirectory()) {
            return new Found.Folder();
        }
        if (!attributes.isRegularFile()) {
            return new Found.Special();
        }
        if (attributes.size() > MAX_FILE_BYTES) {
            throw tooLarge(file, attributes.size());
        }
        try (InputStream in = Files.newInputStream(entry, StandardOpenOption.READ, LinkOption.NOFOLLOW_LINKS)) {
            // The size was looked at before opening; the file may have grown since, so the read is bounded too.
            byte[] bytes = in.readNBytes(MAX_FILE_BYTES + 1);
            if (bytes.length > MAX_FILE_BYTES) {
                throw tooLarge(file, bytes.length);
            }
            return new Found.File(bytes);
        }
    }

    /** A file or a link where the path needs a folder. */
    static final class NotAFolder extends IOException {
        NotAFolder(Path dir, Throwable cause) {
            super(dir + " is not a folder: a file or a symbolic link is in its place, and apply_patch never writes"
                    + " through a link", cause);
        }
    }

    @Override
    public void close() {
        held.values().forEach(DirectoryCalls::close);
        held.clear();
    }

    /** The handle on folder {@code dir}, opened from its own parent's handle (made first when missing). */
    private int folder(Path dir, boolean create, List<Path> made) throws IOException {
        Integer known = held.get(dir);
        if (known != null) {
            return known;
        }
        Path parent = dir.getParent();
        if (parent == null) {
            int fd = DirectoryCalls.openRoot(dir.toString());
            held.put(dir, fd);
            return fd;
        }
        int parentFd = folder(parent, create, made);
        String name = dir.getFileName().toString();
        int fd;
        try {
            fd = DirectoryCalls.openChild(parentFd, name);
        } catch (DirectoryCalls.Failure e) {
            if (e.notADirectory()) {
                throw new NotAFolder(dir, e);
            }
            if (!e.missing() || !create) {
                throw e;
            }
            makeFolder(parentFd, name, dir, made);
            fd = DirectoryCalls.openChild(parentFd, name);
        }
        try {
            refuseGuarded(dir, fd);
        } catch (IOException e) {
            DirectoryCalls.close(fd);
            throw e;
        }
        held.put(dir, fd);
        return fd;
    }

    private static void makeFolder(int parentFd, String name, Path dir, List<Path> made) throws IOException {
        try {
            DirectoryCalls.makeChild(parentFd, name);
            made.add(dir);
        } catch (DirectoryCalls.Failure e) {
            // Someone else made it in between; opening it below checks what it is.
            if (!e.exists()) {
                throw e;
            }
        }
    }

    /** A folder reached by its path may still be a protected one renamed: its identity says. */
    private void refuseGuarded(Path dir, int fd) throws IOException {
        if (guarded.isEmpty()) {
            return;
        }
        Object key = Files.readAttributes(handle(fd), BasicFileAttributes.class).fileKey();
        Path protectedPath = guarded.get(key);
        if (protectedPath != null) {
            throw new IOException(dir + " is " + protectedPath + ", which the sandbox keeps read-only, under another"
                    + " name");
        }
    }

    private static Path handle(int fd) {
        return Path.of("/proc/self/fd/" + fd);
    }

    private static IOException tooLarge(Path file, long size) {
        return new IOException(file + " is " + size + " bytes; apply_patch edits files of at most "
                + MAX_FILE_BYTES + " bytes (16 MiB)");
    }
}
