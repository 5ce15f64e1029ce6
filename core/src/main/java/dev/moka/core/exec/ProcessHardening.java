package dev.moka.core.exec;

import dev.moka.core.sandbox.LinuxCalls;
import java.util.ArrayList;
import java.util.List;

/**
 * Closes Moka's own process to the commands it starts: marked non-dumpable, so a child running as the same
 * user cannot read its memory or {@code /proc/<pid>/environ} (where the API keys are), and with core dumps
 * off, so a crash never writes those secrets to disk. Children inherit the core limit; the dumpable flag is
 * per process and comes back on {@code execve}, so the commands themselves behave as usual.
 */
public final class ProcessHardening {
    private static final int PR_GET_DUMPABLE = 3;
    private static final int PR_SET_DUMPABLE = 4;
    private static final int RLIMIT_CORE = 4;

    private ProcessHardening() {}

    /** Applies both measures; returns what failed (empty when all held). Never throws: Moka runs on either way. */
    public static List<String> apply() {
        List<String> failures = new ArrayList<>();
        try {
            if (LinuxCalls.prctl(PR_SET_DUMPABLE, 0, 0, 0, 0).value() != 0) {
                failures.add("prctl(PR_SET_DUMPABLE, 0) failed");
            }
            if (LinuxCalls.setResourceLimit(RLIMIT_CORE, 0, 0).value() != 0) {
                failures.add("setrlimit(RLIMIT_CORE, 0) failed");
            }
        } catch (Throwable e) {
            failures.add("process hardening unavailable: " + e);
        }
        return List.copyOf(failures);
    }

    /** Whether this process may be dumped or read by others of its user (prctl's PR_GET_DUMPABLE). */
    public static boolean dumpable() {
        try {
            return LinuxCalls.prctl(PR_GET_DUMPABLE, 0, 0, 0, 0).value() != 0;
        } catch (Throwable e) {
            throw new IllegalStateException("prctl(PR_GET_DUMPABLE) failed", e);
        }
    }
}
