package dev.moka.core.exec;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Where Moka puts each command it runs: a cgroup of its own, below one Moka makes for itself in the {@code pids}
 * hierarchy (cgroup v2 with the pids controller, or v1's pids hierarchy) where it may (as root, or in a
 * delegated subtree). The cgroup's {@code pids.max} bounds the processes and threads the command's whole tree
 * may have at once, which RLIMIT_NPROC cannot do for root (it ignores root) nor for anyone per command (it counts
 * all of a user's processes); and its member list finds every process the command started, also those that left
 * its process group with {@code setsid}, so they can all be ended. Found once per Moka process.
 */
final class ProcessCgroups {
    /** The hierarchy found, or why there is none. */
    private static final Found FOUND = find();

    private final Path base;
    private final boolean v2;
    private final AtomicLong next = new AtomicLong();

    private ProcessCgroups(Path base, boolean v2) {
        this.base = base;
        this.v2 = v2;
    }

    /** A usable hierarchy, or null with the reason in {@link #unavailable()}. */
    private record Found(ProcessCgroups cgroups, String problem) {}

    /** The cgroups of this Moka process; null when none can be made (see {@link #unavailable()}). */
    static ProcessCgroups shared() {
        return FOUND.cgroups();
    }

    /** Why commands cannot be given a cgroup here, or null when they can. */
    static String unavailable() {
        return FOUND.problem();
    }

    /** Where the per-command cgroups are made. */
    Path base() {
        return base;
    }

    /** "cgroup v2" or "cgroup v1 pids". */
    String kind() {
        return v2 ? "cgroup v2" : "cgroup v1 pids";
    }

    /**
     * A new cgroup allowing at most {@code maxProcesses} processes and threads; null when it could not be made
     * (the command then runs unbounded, as where there are no cgroups).
     */
    CommandCgroup create(int maxProcesses) {
        Path dir = base.resolve("cmd-" + next.incrementAndGet());
        try {
            Files.createDirectory(dir);
            Files.writeString(dir.resolve("pids.max"), Integer.toString(maxProcesses));
            return new CommandCgroup(dir, maxProcesses, v2);
        } catch (IOException | RuntimeException e) {
            CommandCgroup.remove(dir);
            return null;
        }
    }

    private static Found find() {
        try {
            List<String> mounts = Files.readAllLines(Path.of("/proc/self/mountinfo"));
            List<String> memberships = Files.readAllLines(Path.of("/proc/self/cgroup"));
            Path v1 = CgroupMounts.v1Pids(mounts, memberships);
            Path v2 = v1 == null ? CgroupMounts.v2WithPids(mounts, memberships) : null;
            Path own = v1 != null ? v1 : v2;
            if (own == null) {
                return new Found(null, "no cgroup hierarchy with the pids controller is mounted for Moka's cgroup");
            }
            Path base = own.resolve("moka-" + ProcessHandle.current().pid());
            if (!Files.isDirectory(base)) {
                Files.createDirectory(base);
            }
            if (v2 != null) {
                // A v2 cgroup's children get a controller only when their parent hands it down.
                Files.writeString(base.resolve("cgroup.subtree_control"), "+pids");
            }
            Runtime.getRuntime().addShutdownHook(Thread.ofPlatform().unstarted(() -> CommandCgroup.remove(base)));
            return new Found(new ProcessCgroups(base, v2 != null), null);
        } catch (IOException | RuntimeException e) {
            return new Found(null, "Moka may not make cgroups here (" + e.getMessage() + "); run as root or in a"
                    + " delegated cgroup subtree");
        }
    }
}
