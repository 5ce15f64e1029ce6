package dev.moka.core.sandbox;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * What this machine can enforce: whether bubblewrap is installed and can create its namespaces, and which
 * Landlock ABI the kernel offers. A null problem means the mechanism works; otherwise it says what is wrong
 * and how to fix it.
 */
public record SandboxSupport(Path bwrap, String bwrapProblem, int landlockAbi, String landlockProblem) {
    /** Where bubblewrap is looked for, in order; nowhere else. */
    private static final List<Path> SYSTEM_BWRAPS = List.of(Path.of("/usr/bin/bwrap"), Path.of("/bin/bwrap"),
            Path.of("/usr/local/bin/bwrap"));

    /** Everything, as {@code moka sandbox doctor} shows it. */
    static SandboxSupport probe() {
        return probe(true);
    }

    /**
     * What {@code mode} can use: Landlock is probed only when the mode could fall back on it, since asking
     * the kernel through the foreign-function API costs some 30 generated classes at every start, and most
     * sessions run under bubblewrap.
     */
    static SandboxSupport probeFor(LinuxSandbox mode) {
        return probe(mode == LinuxSandbox.LANDLOCK);
    }

    private static SandboxSupport probe(boolean landlockAlways) {
        Path bwrap = findBwrap();
        String bwrapProblem = bwrap == null
                ? missingBwrap(System.getenv("PATH")) : tryBwrap(bwrap);
        if (bwrapProblem == null && !landlockAlways) {
            return new SandboxSupport(bwrap, null, -1, "not probed: bubblewrap enforces the sandbox");
        }
        int abi;
        String landlockProblem;
        try {
            abi = Landlock.abi();
            landlockProblem = SeccompFilter.current() == null
                    ? "seccomp filters are not written for " + System.getProperty("os.arch")
                    : abi < 1 ? "the kernel offers no Landlock (it needs Linux 5.13 or later with CONFIG_SECURITY_LANDLOCK,"
                    + " and \"landlock\" in the lsm= boot parameter)" : null;
        } catch (RuntimeException | LinkageError e) {
            abi = -1;
            landlockProblem = "Landlock cannot be reached from this JVM (" + e.getMessage() + ")";
        }
        return new SandboxSupport(bwrap, bwrapProblem, abi, landlockProblem);
    }

    /**
     * The bubblewrap Moka runs: only from a system directory, owned by root and writable by nobody else. Never
     * from {@code PATH}, which may hold a directory the model can write (an activated {@code .venv/bin}, a
     * {@code node_modules/.bin}), where a program named bwrap would run unconfined.
     */
    static Path findBwrap() {
        return SYSTEM_BWRAPS.stream().filter(SandboxSupport::trustworthy).findFirst().orElse(null);
    }

    /** What {@link #findBwrap} says when it finds none, naming a bwrap elsewhere that is not used, if any. */
    static String missingBwrap(String pathVariable) {
        String ignored = pathVariable == null ? null : java.util.Arrays.stream(pathVariable.split(":"))
                .filter(dir -> !dir.isEmpty()).map(dir -> Path.of(dir, "bwrap"))
                .filter(p -> Files.isRegularFile(p) && !SYSTEM_BWRAPS.contains(p)).map(Path::toString)
                .findFirst().orElse(null);
        return "bubblewrap is not installed in " + SYSTEM_BWRAPS.getFirst().getParent() + " (install it: apt-get"
                + " install bubblewrap)" + (ignored == null ? "" : "; " + ignored + " on PATH is not used, since only a"
                + " root-owned bwrap in a system directory is trusted to enforce the sandbox");
    }

    /** A regular executable file owned by root that no one else may rewrite, in a directory the same holds for. */
    static boolean trustworthy(Path program) {
        try {
            return Files.isRegularFile(program) && Files.isExecutable(program) && rootOwnedNotShared(program)
                    && rootOwnedNotShared(program.toRealPath().getParent());
        } catch (IOException | UnsupportedOperationException e) {
            return false;
        }
    }

    private static boolean rootOwnedNotShared(Path path) throws IOException {
        Map<String, Object> unix = Files.readAttributes(path, "unix:uid,mode");
        int mode = (Integer) unix.get("mode");
        return (Integer) unix.get("uid") == 0 && (mode & 0022) == 0;
    }

    /** Null when bubblewrap can create the namespaces Moka asks for; else what it said, and why. */
    static String tryBwrap(Path bwrap) {
        try {
            Process process = new ProcessBuilder(bwrap.toString(), "--unshare-user", "--unshare-pid",
                    "--unshare-net", "--die-with-parent", "--ro-bind", "/", "/", "--dev", "/dev", "--proc", "/proc",
                    "--", "/bin/true").redirectErrorStream(true).redirectInput(ProcessBuilder.Redirect.from(
                    new java.io.File("/dev/null"))).start();
            if (!process.waitFor(10, TimeUnit.SECONDS)) {
                process.destroyForcibly();
                return "bubblewrap did not start a sandbox within 10 s";
            }
            String said = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
            if (process.exitValue() == 0) {
                return null;
            }
            return "bubblewrap cannot create a sandbox here (" + (said.isEmpty() ? "exit " + process.exitValue()
                    : said) + ")" + UserNamespaces.hint();
        } catch (IOException e) {
            return "bubblewrap cannot be run (" + e.getMessage() + ")";
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return "interrupted while trying bubblewrap";
        }
    }
}
