package dev.moka.core.session;

import dev.moka.core.exec.TrustedPrograms;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;

/**
 * The git plumbing behind {@code /undo}: a snapshot of the work tree is a tree object written through a private
 * copy of the index, so the person's index, branches, stash and refs are never touched, and a restore writes
 * only the work tree. Files git ignores are not in a snapshot, and neither is anything outside the session's
 * directory: a session started deep in a big repository (or in a home directory kept in git) must not hash
 * the whole of it on every turn.
 */
final class GitWorktree {
    /** No git command of a snapshot or restore should take this long; one that does is given up. */
    private static final long TIMEOUT_SECONDS = 60;
    /**
     * An untracked file larger than this (a downloaded data set, a build artefact git is not told to ignore) is
     * left out of snapshots: hashing it into the repository's objects on every turn would cost more than undo
     * is worth.
     */
    static final long MAX_UNTRACKED_BYTES = 10L * 1024 * 1024;

    private final Path root;
    /** The session's directory relative to {@code root}, as a pathspec: what snapshots hold and diffs compare. */
    private final String scope;

    private GitWorktree(Path root, String scope) {
        this.root = root;
        this.scope = scope;
    }

    /** Why there is no work tree to snapshot. */
    static final class Unavailable extends Exception {
        Unavailable(String message) {
            super(message);
        }
    }

    /** The work tree {@code cwd} is in. */
    static GitWorktree containing(Path cwd) throws Unavailable, InterruptedException {
        List<String> where;
        try {
            where = run(cwd, null, "rev-parse", "--show-toplevel", "--show-prefix").lines().toList();
        } catch (IOException e) {
            throw new Unavailable(e.getMessage().startsWith("git ") ? cwd + " is not inside a git work tree"
                    : "git cannot be run here (" + e.getMessage() + ")");
        }
        String prefix = where.size() > 1 ? where.get(1).strip() : "";
        return new GitWorktree(Path.of(where.getFirst().strip()), prefix.isEmpty() ? "." : prefix);
    }

    /**
     * The session's directory as it is now, tracked files and untracked ones (up to {@link #MAX_UNTRACKED_BYTES})
     * alike: the id of a tree object.
     */
    String snapshot() throws IOException, InterruptedException {
        Path index = Files.createTempFile("moka-snapshot-", ".index");
        try {
            Path real = root.resolve(run(root, null, "rev-parse", "--git-path", "index").strip());
            if (Files.isRegularFile(real)) {
                // Starting from the real index lets git skip hashing the files whose stat data did not change.
                // With its own time: git re-reads a file whose stat data matches when the index is not older than
                // the file (racy git); a copy dated now would hide an edit of the same size made in the second the
                // index was written.
                Files.copy(real, index, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.COPY_ATTRIBUTES);
            } else {
                Files.delete(index);
            }
            run(root, index, "add", "-u", "--", scope);
            List<String> untracked = names(run(root, index, "ls-files", "--others", "--exclude-standard", "-z",
                    "--", scope)).stream().filter(f -> small(root.resolve(f))).toList();
            if (!untracked.isEmpty()) {
                feed(root, index, String.join("\0", untracked), "add", "--pathspec-from-file=-",
                        "--pathspec-file-nul");
            }
            return run(root, index, "write-tree").strip();
        } finally {
            Files.deleteIfExists(index);
        }
    }

    /** The files (relative to the work tree's top) that differ between two snapshots. */
    List<String> changed(String from, String to) throws IOException, InterruptedException {
        // Outside the scope the snapshots hold the index, not the work tree: only the scope is compared.
        return names(run(root, null, "diff", "--name-only", "-z", "--no-renames", from, to, "--", scope));
    }

    /**
     * Makes {@code files} in the work tree what they are in {@code snapshot}: written back where the snapshot
     * has them, deleted where it does not. Returns the ones deleted.
     */
    List<String> restore(String snapshot, List<String> files) throws IOException, InterruptedException {
        List<String> args = new ArrayList<>(List.of("ls-tree", "-r", "-z", "--name-only", snapshot, "--"));
        args.addAll(files);
        Set<String> present = new HashSet<>(names(run(root, null, args.toArray(String[]::new))));
        List<String> back = files.stream().filter(present::contains).toList();
        if (!back.isEmpty()) {
            List<String> restore = new ArrayList<>(List.of("restore", "--source=" + snapshot, "--worktree", "--"));
            restore.addAll(back);
            run(root, null, restore.toArray(String[]::new));
        }
        List<String> removed = files.stream().filter(f -> !present.contains(f)).toList();
        for (String file : removed) {
            Files.deleteIfExists(root.resolve(file));
        }
        return removed;
    }

    private static boolean small(Path file) {
        try {
            return Files.readAttributes(file, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS).size()
                    <= MAX_UNTRACKED_BYTES;
        } catch (IOException e) {
            // Gone since it was listed, or unreadable: git would fail on it too.
            return false;
        }
    }

    private static List<String> names(String nulSeparated) {
        return Arrays.stream(nulSeparated.split("\0")).filter(s -> !s.isEmpty()).toList();
    }

    private static String run(Path dir, Path index, String... args) throws IOException, InterruptedException {
        return feed(dir, index, null, args);
    }

    /**
     * Runs git with {@code input} (null: nothing) on its stdin; its stdout, or an IOException that starts with
     * "git " and carries what git said.
     */
    private static String feed(Path dir, Path index, String input, String... args) throws IOException,
            InterruptedException {
        List<String> command = new ArrayList<>(List.of("git", "-c", "core.quotepath=off"));
        command.addAll(List.of(args));
        ProcessBuilder builder = new ProcessBuilder(TrustedPrograms.resolve(command, dir)).directory(dir.toFile());
        Map<String, String> env = new HashMap<>(builder.environment());
        // Names are file names, never patterns; no lock is taken that would get in the way of the person's git.
        env.put("GIT_LITERAL_PATHSPECS", "1");
        env.put("GIT_OPTIONAL_LOCKS", "0");
        if (index != null) {
            env.put("GIT_INDEX_FILE", index.toString());
        }
        builder.environment().clear();
        builder.environment().putAll(env);
        Path errors = Files.createTempFile("moka-git-", ".err");
        try {
            if (input == null) {
                builder.redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null")));
            }
            Process process = builder.redirectError(errors.toFile()).start();
            String out;
            try {
                if (input != null) {
                    try (var stdin = process.getOutputStream()) {
                        stdin.write(input.getBytes(StandardCharsets.UTF_8));
                    }
                }
                out = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
                if (!process.waitFor(TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
                    throw new IOException("git " + args[0] + " took longer than " + TIMEOUT_SECONDS + " s");
                }
            } finally {
                process.destroyForcibly();
            }
            if (process.exitValue() != 0) {
                throw new IOException("git " + args[0] + " failed: " + Files.readString(errors).strip());
            }
            return out;
        } finally {
            Files.deleteIfExists(errors);
        }
    }
}
