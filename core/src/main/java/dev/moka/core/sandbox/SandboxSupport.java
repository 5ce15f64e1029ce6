package dev.moka.core.sandbox;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

/**
 * What this machine can enforce: whether bubblewrap is installed and can create its namespaces, and which
 * Landlock ABI the kernel offers. A null problem means the mechanism works; otherwise it says what is wrong
 * and how to fix it.
 */
public record SandboxSupport(Path bwrap, String bwrapProblem, int landlockAbi, String landlockProblem) {

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
                ? "bubblewrap is not installed (install it: apt-get install bubblewrap)" : tryBwrap(bwrap);
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

    static Path findBwrap() {
        String path = System.getenv("PATH");
        for (String dir : (path == null ? "/usr/bin:/bin" : path + ":/usr/bin").split(":")) {
            if (!dir.isEmpty()) {
                Path candidate = Path.of(dir, "bwrap");
                if (Files.isRegularFile(candidate) && Files.isExecutable(candidate)) {
                    return candidate;
                }
            }
        }
        return null;
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
