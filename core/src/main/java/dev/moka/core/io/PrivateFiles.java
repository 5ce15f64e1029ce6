package dev.moka.core.io;

import java.io.IOException;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Set;

/** Files that hold credentials: written whole or not at all, and readable by their owner only (0600). */
public final class PrivateFiles {
    private PrivateFiles() {}

    /**
     * Replaces {@code file} with {@code text}. The text goes to a temporary file created 0600 in the same
     * directory, then is renamed over the old file, so no other user can read it even for a moment and a
     * crash never leaves half a file.
     */
    public static void write(Path file, String text) throws IOException {
        replace(file, text, PosixFilePermissions.fromString("rw-------"));
    }

    /**
     * Replaces {@code file} with {@code text} the same way, the new file getting {@code mode} just before the
     * rename: config.toml keeps the mode its owner gave it.
     */
    public static void replace(Path file, String text, Set<PosixFilePermission> mode) throws IOException {
        Path dir = file.toAbsolutePath().getParent();
        Files.createDirectories(dir);
        Path temp = Files.createTempFile(dir, "." + file.getFileName(), ".tmp",
                PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
        try {
            Files.writeString(temp, text);
            Files.setPosixFilePermissions(temp, mode);
            try {
                Files.move(temp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(temp, file, StandardCopyOption.REPLACE_EXISTING);
            }
        } finally {
            Files.deleteIfExists(temp);
        }
    }
}
