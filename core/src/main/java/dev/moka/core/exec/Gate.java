package dev.moka.core.exec;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** Finds the stopped gate of {@link ProcessBound#gate} in a just-started tree (a sandbox may start it a level down). */
final class Gate {
    /** How long a gate gets to stop before the command is let run unbounded (a busy machine, or no /bin/sh). */
    private static final long WAIT_NANOS = 5_000_000_000L;

    private Gate() {}

    /** The pid of the stopped gate in {@code root}'s tree, once it has stopped; -1 when none stopped in time. */
    static long awaitStopped(ProcessHandle root) {
        long deadline = System.nanoTime() + WAIT_NANOS;
        long pause = 100_000;
        while (System.nanoTime() < deadline && root.isAlive()) {
            long stopped = ProcessTree.of(root.pid()).stream().filter(Gate::isStopped).mapToLong(Long::longValue)
                    .findFirst().orElse(-1);
            if (stopped > 0) {
                return stopped;
            }
            java.util.concurrent.locks.LockSupport.parkNanos(pause);
            pause = Math.min(pause * 2, 1_000_000);
        }
        return -1;
    }

    /** Whether the process is stopped by a signal: state T in {@code /proc/<pid>/stat}, after its name's ")". */
    private static boolean isStopped(long pid) {
        try {
            String stat = Files.readString(Path.of("/proc", Long.toString(pid), "stat"));
            int end = stat.lastIndexOf(')');
            return end > 0 && end + 2 < stat.length() && stat.charAt(end + 2) == 'T';
        } catch (IOException | RuntimeException e) {
            return false;
        }
    }
}
