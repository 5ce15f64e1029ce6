package dev.moka.core.sandbox;

import java.nio.file.Path;
import java.util.List;

/**
 * A directory a sandboxed command may write below, except for the protected paths inside it ({@code .git},
 * the target of a {@code gitdir:} file, {@code .agents}, {@code .moka}, Moka's home), which stay read-only or,
 * when absent or a symlink, are masked so they cannot be created or swapped.
 *
 * @param root           absolute, normalised, symlinks resolved
 * @param protectedPaths absolute paths inside {@code root}
 */
public record WritableRoot(Path root, List<Path> protectedPaths) {
    public WritableRoot {
        protectedPaths = List.copyOf(protectedPaths);
    }
}
