package dev.moka.core.sandbox;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The mount points bubblewrap needs to keep absent protected names ({@code .git}, {@code .agents},
 * {@code .moka}) from being created in a writable root: a mount needs a directory on the host. Each is made
 * with no permissions at all (a mark no person's directory carries) while a command runs, and removed once no
 * command runs in that root, so the workspace is left as it was.
 *
 * <p>Every command holds a shared {@code flock} on the root directory while it runs, across Moka processes;
 * only who gets the exclusive lock at the end removes the mount points. Removing one while another command
 * runs would detach that command's mask in its namespace and let it create the name.
 */
final class MaskPoints implements AutoCloseable {
    private static final java.nio.file.attribute.FileAttribute<?> NO_PERMISSIONS =
            PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("---------"));

    private final Map<Path, Integer> lockedRoots;
    private final List<Path> points;

    private MaskPoints(Map<Path, Integer> lockedRoots, List<Path> points) {
        this.lockedRoots = lockedRoots;
        this.points = points;
    }

    /** Makes the mount points for {@code rules}' absent protected names, holding their roots meanwhile. */
    static MaskPoints claim(SandboxRules rules) {
        Map<Path, Integer> locked = new LinkedHashMap<>();
        List<Path> points = new ArrayList<>();
        for (WritableRoot root : rules.writableRoots()) {
            for (Path guarded : root.protectedPaths()) {
                if (!guarded.getParent().equals(root.root()) || (Files.exists(guarded, LinkOption.NOFOLLOW_LINKS)
                        && !ours(guarded))) {
                    continue;
                }
                if (!locked.containsKey(root.root())) {
                    LinuxCalls.Result opened = LinuxCalls.openDirectory(root.root().toString());
                    if (opened.failed()) {
                        break;
                    }
                    LinuxCalls.flock((int) opened.value(), LinuxCalls.LOCK_SH);
                    locked.put(root.root(), (int) opened.value());
                }
                try {
                    Files.createDirectory(guarded, NO_PERMISSIONS);
                } catch (IOException e) {
                    // Already there (another command's, or left by a Moka that was killed): shared, as intended.
                }
                points.add(guarded);
            }
        }
        return new MaskPoints(locked, points);
    }

    /** Removes the mount points when no other command holds their root, then lets go of the roots. */
    @Override
    public void close() {
        for (Map.Entry<Path, Integer> root : lockedRoots.entrySet()) {
            int fd = root.getValue();
            if (!LinuxCalls.flock(fd, LinuxCalls.LOCK_EX | LinuxCalls.LOCK_NB).failed()) {
                points.stream().filter(p -> p.getParent().equals(root.getKey()) && ours(p)).forEach(p -> {
                    try {
                        Files.deleteIfExists(p);
                    } catch (IOException e) {
                        // Not empty after all, or in use: then it is not ours to remove.
                    }
                });
            }
            LinuxCalls.close(fd);
        }
    }

    /**
     * A directory without permissions: a mount point Moka made (perhaps a Moka that was killed). Removing it
     * is rmdir, which fails when anything is inside, so only an empty one ever goes.
     */
    private static boolean ours(Path path) {
        try {
            return Files.isDirectory(path, LinkOption.NOFOLLOW_LINKS)
                    && Files.getPosixFilePermissions(path, LinkOption.NOFOLLOW_LINKS).isEmpty();
        } catch (IOException | RuntimeException e) {
            return false;
        }
    }
}
