package dev.moka.core.exec;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Finds the programs Moka runs on its own behalf, unconfined (git for snapshots, rg for file lists), on
 * {@code PATH} and then in the system directories, never as a file that lies where a sandboxed command may
 * write: a relative entry, anything inside the workspace (an activated {@code .venv/bin},
 * {@code node_modules/.bin}, {@code tools/bin}), and the scratch directories {@code /tmp} and {@code $TMPDIR}.
 * A program planted there would otherwise run outside the sandbox the next time Moka needs it.
 */
public final class TrustedPrograms {
    /** Looked in after PATH: where a system keeps the programs Moka runs. */
    private static final List<String> SYSTEM_DIRECTORIES = List.of("/usr/bin", "/bin", "/usr/local/bin");

    private TrustedPrograms() {}

    /**
     * The argv with its program replaced by the trusted one's real path; when there is none, by a path that
     * does not exist, so the caller's start fails with its usual "cannot run" error and nothing untrusted runs.
     */
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

    /**
     * The first executable {@code name} on {@code path} (absolute entries only), then in the system
     * directories, whose real file lies outside every {@code untrusted} tree and is itself called {@code name}:
     * a link to the system's git is that git (CI's PATH is such links), while a program planted in the
     * workspace, or a link there naming another program, is never run. The real file is what runs, so a link
     * swapped afterwards changes nothing.
     */
    static Path find(String name, List<Path> untrusted, String path) {
        List<Path> realUntrusted = untrusted.stream().map(p -> real(p.toAbsolutePath().normalize())).toList();
        List<String> entries = new ArrayList<>(List.of((path == null ? "" : path).split(":")));
        entries.addAll(SYSTEM_DIRECTORIES);
        for (String entry : entries) {
            if (!entry.startsWith("/")) {
                continue;
            }
            Path candidate = Path.of(entry).resolve(name);
            if (!Files.isRegularFile(candidate) || !Files.isExecutable(candidate)) {
                continue;
            }
            Path file = real(candidate);
            if (file.getFileName().toString().equals(name) && realUntrusted.stream().noneMatch(file::startsWith)) {
                return file;
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
