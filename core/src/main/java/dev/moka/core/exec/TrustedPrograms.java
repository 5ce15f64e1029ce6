package dev.moka.core.exec;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Finds the programs Moka runs on its own behalf, unconfined (git for snapshots, rg for file lists), on
 * {@code PATH} without the directories a sandboxed command may write: a relative entry, anything inside the
 * workspace (an activated {@code .venv/bin}, {@code node_modules/.bin}, {@code tools/bin}), and the scratch
 * directories {@code /tmp} and {@code $TMPDIR}. A program planted there would otherwise run outside the
 * sandbox the next time Moka needs it.
 */
public final class TrustedPrograms {
    private TrustedPrograms() {}

    /** The argv with its program replaced by the trusted one's absolute path; the argv unchanged when none. */
    public static List<String> resolve(List<String> argv, Path workspace) {
        return resolve(argv, workspace, System.getenv());
    }

    static List<String> resolve(List<String> argv, Path workspace, Map<String, String> env) {
        List<Path> untrusted = new ArrayList<>(List.of(workspace, Path.of("/tmp")));
        String tmpdir = env.get("TMPDIR");
        if (tmpdir != null && tmpdir.startsWith("/")) {
            untrusted.add(Path.of(tmpdir));
        }
        Path found = find(argv.getFirst(), untrusted, env.get("PATH"));
        List<String> resolved = new ArrayList<>(argv);
        // Found nowhere trusted: a path that does not exist, so nothing runs rather than what an untrusted
        // directory holds, and the caller sees the usual "cannot run" error.
        resolved.set(0, found == null ? "/nonexistent/trusted-" + argv.getFirst() : found.toString());
        return resolved;
    }

    /** The first executable {@code name} in an absolute {@code path} entry outside every {@code untrusted} tree. */
    static Path find(String name, List<Path> untrusted, String path) {
        List<Path> realUntrusted = untrusted.stream().map(p -> real(p.toAbsolutePath().normalize())).toList();
        for (String entry : (path == null || path.isEmpty() ? "/usr/bin:/bin" : path).split(":")) {
            if (!entry.startsWith("/")) {
                continue;
            }
            Path dir = real(Path.of(entry).normalize());
            if (realUntrusted.stream().anyMatch(dir::startsWith)) {
                continue;
            }
            Path candidate = dir.resolve(name);
            if (Files.isRegularFile(candidate) && Files.isExecutable(candidate)) {
                return candidate;
            }
        }
        return null;
    }

    private static Path real(Path path) {
        try {
            return path.toRealPath();
        } catch (java.io.IOException e) {
            return path;
        }
    }
}
