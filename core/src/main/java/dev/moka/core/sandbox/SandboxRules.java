package dev.moka.core.sandbox;

import dev.moka.protocol.SandboxPolicy;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What a command may do, resolved for one working directory: reading is allowed everywhere; writing only
 * below the writable roots (outside their protected paths) unless {@code fullAccess}; network only when
 * {@code network}.
 *
 * @param fullAccess no sandbox at all ({@code danger-full-access})
 * @param protectedFolders the file key of each protected path that was a folder when the rules were made, so
 *        that Moka's own writes can recognise one by identity even under another name
 */
public record SandboxRules(List<WritableRoot> writableRoots, boolean network, boolean fullAccess,
        Map<Object, Path> protectedFolders) {
    /** Names kept read-only directly inside every writable root: the agent must not rewrite its own rules. */
    static final List<String> PROTECTED_NAMES = List.of(".git", ".agents", ".moka");
    /** The most bytes of a {@code .git} file read to find its {@code gitdir:} line. */
    static final int GIT_FILE_HEAD_BYTES = 64 * 1024;

    public SandboxRules {
        writableRoots = List.copyOf(writableRoots);
        protectedFolders = Map.copyOf(protectedFolders);
    }

    /** Rules whose protected folders are known by path only. */
    public SandboxRules(List<WritableRoot> writableRoots, boolean network, boolean fullAccess) {
        this(writableRoots, network, fullAccess, Map.of());
    }

    public static final SandboxRules FULL_ACCESS = new SandboxRules(List.of(), true, true);

    /**
     * The rules of {@code policy} in {@code cwd}. Workspace-write roots are {@code cwd}, the policy's
     * writable roots, {@code $TMPDIR} and {@code /tmp} (each unless excluded), with symlinks resolved; roots
     * that do not exist are left out.
     */
    public static SandboxRules of(SandboxPolicy policy, Path cwd, Map<String, String> env, Path mokaHome,
            boolean allowGitWrites) {
        return switch (policy) {
            case SandboxPolicy.DangerFullAccess ignored -> FULL_ACCESS;
            case SandboxPolicy.ReadOnly ignored -> new SandboxRules(List.of(), false, false);
            case SandboxPolicy.WorkspaceWrite w -> {
                List<Path> workspaces = new ArrayList<>();
                workspaces.add(cwd);
                workspaces.addAll(w.writableRoots().stream().map(cwd::resolve).toList());
                List<Path> scratch = new ArrayList<>();
                String tmpdir = env.get("TMPDIR");
                if (!w.excludeTmpdirEnvVar() && tmpdir != null && !tmpdir.isBlank()) {
                    scratch.add(Path.of(tmpdir));
                }
                if (!w.excludeSlashTmp()) {
                    scratch.add(Path.of("/tmp"));
                }
                Path home = mokaHome == null ? null : real(mokaHome.toAbsolutePath().normalize());
                Map<Path, WritableRoot> roots = new LinkedHashMap<>();
                // Scratch space gets no masks for names that are absent: nobody reads /tmp/.agents, and a mask
                // would leave empty directories behind in a shared place.
                addRoots(workspaces, true, home, allowGitWrites, roots);
                addRoots(scratch, false, home, allowGitWrites, roots);
                List<WritableRoot> nested = nested(roots.values());
                yield new SandboxRules(nested, w.networkAccess(), false, folderKeys(nested));
            }
        };
    }

    private static void addRoots(List<Path> candidates, boolean maskAbsent, Path home, boolean allowGitWrites,
            Map<Path, WritableRoot> roots) {
        for (Path candidate : candidates) {
            Path root = real(candidate.toAbsolutePath().normalize());
            if (root != null && Files.isDirectory(root) && !roots.containsKey(root)) {
                roots.put(root, new WritableRoot(root, protectedPaths(root, home, allowGitWrites, maskAbsent)));
            }
        }
    }

    /**
     * Each root with the protected paths of every other root inside it added to its own: a project under
     * {@code /tmp} keeps its {@code .git} read-only though {@code /tmp} is writable too.
     */
    private static List<WritableRoot> nested(java.util.Collection<WritableRoot> roots) {
        List<WritableRoot> result = new ArrayList<>();
        for (WritableRoot root : roots) {
            java.util.Set<Path> guarded = new java.util.LinkedHashSet<>(root.protectedPaths());
            for (WritableRoot other : roots) {
                if (other != root && other.root().startsWith(root.root())) {
                    guarded.addAll(other.protectedPaths());
                }
            }
            result.add(new WritableRoot(root.root(), List.copyOf(guarded)));
        }
        return List.copyOf(result);
    }

    private static List<Path> protectedPaths(Path root, Path mokaHome, boolean allowGitWrites, boolean maskAbsent) {
        List<Path> paths = new ArrayList<>();
        for (String name : PROTECTED_NAMES) {
            if (name.equals(".git") && allowGitWrites) {
                continue;
            }
            Path path = root.resolve(name);
            if (!maskAbsent && !Files.exists(path, LinkOption.NOFOLLOW_LINKS)) {
                continue;
            }
            paths.add(path);
            if (name.equals(".git") && Files.isRegularFile(path, LinkOption.NOFOLLOW_LINKS)) {
                Path gitdir = gitdirTarget(path);
                if (gitdir != null && gitdir.startsWith(root) && !gitdir.equals(root)) {
                    paths.add(gitdir);
                }
            }
        }
        if (mokaHome != null && mokaHome.startsWith(root) && !mokaHome.equals(root)) {
            paths.add(mokaHome);
        }
        return paths;
    }

    private static Map<Object, Path> folderKeys(Iterable<WritableRoot> roots) {
        Map<Object, Path> keys = new HashMap<>();
        for (WritableRoot root : roots) {
            for (Path path : root.protectedPaths()) {
                try {
                    var attributes = Files.readAttributes(path, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
                    if (attributes.isDirectory() && attributes.fileKey() != null) {
                        keys.put(attributes.fileKey(), path);
                    }
                } catch (IOException e) {
                    // Absent, so masked by name: there is no folder to recognise.
                }
            }
        }
        return keys;
    }

    /** The directory a {@code .git} file's {@code gitdir:} line names (a worktree or a submodule), resolved. */
    static Path gitdirTarget(Path gitFile) {
        try {
            for (String line : head(gitFile).lines().toList()) {
                if (line.startsWith("gitdir:")) {
                    Path target = gitFile.getParent().resolve(line.substring("gitdir:".length()).strip()).normalize();
                    Path realTarget = real(target);
                    return realTarget == null ? target : realTarget;
                }
            }
        } catch (IOException | RuntimeException e) {
            // An unreadable .git file names nothing; the file itself stays protected.
        }
        return null;
    }

    /**
     * The start of a {@code .git} file, which holds one {@code gitdir:} line: a huge one (sparse, or a link to
     * /dev/zero) costs no memory.
     */
    private static String head(Path gitFile) throws IOException {
        try (InputStream in = Files.newInputStream(gitFile)) {
            return new String(in.readNBytes(GIT_FILE_HEAD_BYTES), StandardCharsets.UTF_8);
        }
    }

    /** The path with symlinks resolved, or null when it does not exist. */
    private static Path real(Path path) {
        try {
            return path.toRealPath();
        } catch (IOException e) {
            return null;
        }
    }
}
