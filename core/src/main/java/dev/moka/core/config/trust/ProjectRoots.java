package dev.moka.core.config.trust;

import dev.moka.core.io.UserFiles;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The directories a project's trust can be recorded under, most specific first: the working directory, its
 * git repository's root, and for a git worktree the root of the main repository it belongs to.
 */
public final class ProjectRoots {
    /** The most bytes of a {@code .git} file read: it holds one {@code gitdir:} line. */
    static final long GIT_FILE_MAX_BYTES = 64 * 1024;

    private ProjectRoots() {}

    /** The directory {@code moka trust} records for {@code dir}: the main repository's root, else the git root, else dir. */
    public static Path trustRoot(Path dir) {
        List<Path> candidates = candidates(dir);
        return candidates.getLast();
    }

    public static List<Path> candidates(Path dir) {
        Path cwd = dir.toAbsolutePath().normalize();
        List<Path> out = new ArrayList<>(List.of(cwd));
        for (Path p = cwd; p != null; p = p.getParent()) {
            Path git = p.resolve(".git");
            if (Files.isDirectory(git, LinkOption.NOFOLLOW_LINKS)) {
                add(out, p);
                return out;
            }
            if (Files.isRegularFile(git, LinkOption.NOFOLLOW_LINKS)) {
                add(out, p);
                Path main = mainRepository(git);
                if (main != null) {
                    add(out, main);
                }
                return out;
            }
        }
        return out;
    }

    /**
     * The main repository of a worktree whose {@code .git} file says {@code gitdir: <main>/.git/worktrees/<name>};
     * null for anything else (a submodule's gitdir lies in the parent's {@code .git/modules}).
     */
    private static Path mainRepository(Path gitFile) {
        try {
            // A .git file is one short line; a huge one (sparse, or /dev/zero behind a link) is read no further.
            for (String line : UserFiles.readText(gitFile, GIT_FILE_MAX_BYTES).lines().toList()) {
                if (line.startsWith("gitdir:")) {
                    Path gitdir = gitFile.getParent().resolve(line.substring("gitdir:".length()).strip()).normalize();
                    Path worktrees = gitdir.getParent();
                    if (worktrees != null && worktrees.getFileName() != null
                            && worktrees.getFileName().toString().equals("worktrees")
                            && worktrees.getParent() != null && worktrees.getParent().getFileName() != null
                            && worktrees.getParent().getFileName().toString().equals(".git")) {
                        return worktrees.getParent().getParent();
                    }
                }
            }
        } catch (IOException | RuntimeException e) {
            // An unreadable .git file: the worktree is judged on its own.
        }
        return null;
    }

    private static void add(List<Path> out, Path path) {
        if (!out.contains(path)) {
            out.add(path);
        }
    }
}
