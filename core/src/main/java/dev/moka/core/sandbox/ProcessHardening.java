package dev.moka.core.sandbox;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

/**
 * Hardens Moka's own process at start: not dumpable, so no command it runs can read its memory or
 * {@code /proc/<pid>/environ} (where the API keys are), and no core dumps that would write them to disk.
 */
public final class ProcessHardening {
    private static final int PR_SET_DUMPABLE = 4;
    private static final int PR_GET_DUMPABLE = 3;
    private static final long SYS_SETRLIMIT_X86_64 = 160;
    private static final long SYS_SETRLIMIT_AARCH64 = 164;
    private static final int RLIMIT_CORE = 4;

    private ProcessHardening() {}

    /** Applies both; returns what failed (empty when all held), for the log. Never throws. */
    public static String apply() {
        StringBuilder problems = new StringBuilder();
        try {
            if (LinuxCalls.prctl(PR_SET_DUMPABLE, 0, 0, 0, 0).failed()) {
                problems.append("prctl(PR_SET_DUMPABLE, 0) failed; ");
            }
            try (Arena arena = Arena.ofConfined()) {
                MemorySegment limit = arena.allocate(16, 8);
                limit.set(ValueLayout.JAVA_LONG, 0, 0);
                limit.set(ValueLayout.JAVA_LONG, 8, 0);
                long number = "aarch64".equals(System.getProperty("os.arch")) ? SYS_SETRLIMIT_AARCH64
                        : SYS_SETRLIMIT_X86_64;
                if (LinuxCalls.syscall(number, RLIMIT_CORE, limit.address(), 0, 0).failed()) {
                    problems.append("setrlimit(RLIMIT_CORE, 0) failed; ");
                }
            }
        } catch (RuntimeException | LinkageError e) {
            problems.append("hardening unavailable: ").append(e.getMessage());
        }
        return problems.toString();
    }

    /** Whether this process is dumpable now (1) or not (0). */
    public static int dumpable() {
        return (int) LinuxCalls.prctl(PR_GET_DUMPABLE, 0, 0, 0, 0).value();
    }
}
