package dev.moka.core.exec;

import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.SymbolLookup;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;
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
            Natives natives = Natives.load();
            if ((int) natives.prctl.invokeExact(PR_SET_DUMPABLE, 0L, 0L, 0L, 0L) != 0) {
                failures.add("prctl(PR_SET_DUMPABLE, 0) failed");
            }
            try (Arena arena = Arena.ofConfined()) {
                MemorySegment limit = arena.allocate(ValueLayout.JAVA_LONG, 2);
                if ((int) natives.setrlimit.invokeExact(RLIMIT_CORE, limit) != 0) {
                    failures.add("setrlimit(RLIMIT_CORE, 0) failed");
                }
            }
        } catch (Throwable e) {
            failures.add("process hardening unavailable: " + e);
        }
        return List.copyOf(failures);
    }

    /** Whether this process may be dumped or read by others of its user (prctl's PR_GET_DUMPABLE). */
    public static boolean dumpable() {
        try {
            return (int) Natives.load().prctl.invokeExact(PR_GET_DUMPABLE, 0L, 0L, 0L, 0L) != 0;
        } catch (Throwable e) {
            throw new IllegalStateException("prctl(PR_GET_DUMPABLE) failed", e);
        }
    }

    /** Bound on first use, so that a libc without these symbols is a reported failure, not a failed class load. */
    private record Natives(MethodHandle prctl, MethodHandle setrlimit) {
        static Natives load() {
            Linker linker = Linker.nativeLinker();
            SymbolLookup libc = linker.defaultLookup();
            MethodHandle prctl = linker.downcallHandle(libc.findOrThrow("prctl"),
                    FunctionDescriptor.of(ValueLayout.JAVA_INT, ValueLayout.JAVA_INT, ValueLayout.JAVA_LONG,
                            ValueLayout.JAVA_LONG, ValueLayout.JAVA_LONG, ValueLayout.JAVA_LONG),
                    Linker.Option.firstVariadicArg(1));
            MethodHandle setrlimit = linker.downcallHandle(libc.findOrThrow("setrlimit"),
                    FunctionDescriptor.of(ValueLayout.JAVA_INT, ValueLayout.JAVA_INT, ValueLayout.ADDRESS));
            return new Natives(prctl, setrlimit);
        }
    }
}
