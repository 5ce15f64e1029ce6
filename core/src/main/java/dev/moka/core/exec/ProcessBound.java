package dev.moka.core.exec;

import dev.moka.core.sandbox.Confinement;
import dev.moka.core.sandbox.LinuxCalls;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The bound on one command's processes, and the means to find and end them all: the command's cgroup, where
 * Moka can make one ({@link ProcessCgroups}); nothing where it cannot (then {@link #problem()} says why).
 */
final class ProcessBound {
    private static final int SIGCONT = 18;
    private static final ProcessBound NONE = new ProcessBound(null);

    private final CommandCgroup cgroup;

    private ProcessBound(CommandCgroup cgroup) {
        this.cgroup = cgroup;
    }

    /**
     * {@code argv} behind a gate that stops before the command runs ({@code kill -STOP $$}), so that
     * {@link #apply} can move the whole tree into its cgroup first: moved later, a command could already have
     * started children outside it. A sandbox's own wrapper goes around this, so the gate holds inside it too.
     * Where no cgroup can be made, an ordinary user's command is bounded by RLIMIT_NPROC instead, set to what
     * the user runs now plus {@code maxProcesses} (the limit counts all of a user's tasks; root ignores it).
     * Unchanged when {@code argv} was not wrapped (a program that cannot be started, which the JDK reports
     * precisely).
     */
    static List<String> gate(List<String> argv, int maxProcesses) {
        if (!argv.getFirst().equals(ProcessGroups.SETSID.toString())) {
            return argv;
        }
        List<String> gated = new ArrayList<>();
        if (ProcessCgroups.shared() != null) {
            gated.addAll(List.of("/bin/sh", "-c", "kill -STOP $$ && exec \"$@\"", "sh"));
        } else {
            int uid = UserTasks.uid();
            if (uid <= 0) {
                return argv;
            }
            long limit = UserTasks.count(uid) + maxProcesses;
            // bash, as dash has no -u; past the hard limit the call fails and the hard limit bounds it anyway.
            gated.addAll(List.of("/bin/bash", "-c", "ulimit -u " + limit + " 2>/dev/null; exec \"$@\"", "bash"));
        }
        gated.addAll(argv);
        return gated;
    }

    /**
     * Puts the just-started {@code process} (and all it starts) under a bound of {@code maxProcesses}: once its
     * gate has stopped, the gate moves into the cgroup and is let go, so the command it becomes and everything
     * that starts are born inside. Only the gate moves: the launchers above it (bubblewrap) start nothing more,
     * end with the process group, and each move costs the kernel a wait for every CPU (an RCU grace period).
     * When no gate stopped in time, the whole tree moves instead.
     */
    static ProcessBound apply(Process process, int maxProcesses) {
        ProcessCgroups cgroups = ProcessCgroups.shared();
        if (cgroups == null) {
            return NONE;
        }
        long gatePid = Gate.awaitStopped(process.toHandle());
        CommandCgroup cgroup = cgroups.create(maxProcesses);
        boolean adopted = cgroup != null && cgroup.adopt(gatePid > 0 ? gatePid : process.pid());
        if (gatePid > 0) {
            LinuxCalls.kill(gatePid, SIGCONT);
        }
        if (cgroup == null) {
            return NONE;
        }
        if (!adopted) {
            cgroup.killAll();
            return NONE;
        }
        return new ProcessBound(cgroup);
    }

    /**
     * How a command about to start with {@code confinement} is bounded. A confinement that runs a launcher of
     * its own outside the sandbox (bubblewrap) has that launcher join a cgroup made beforehand, one move with no
     * gate to wait for; the others get the gate.
     */
    static Plan plan(int maxProcesses, Confinement confinement) {
        ProcessCgroups cgroups = ProcessCgroups.shared();
        CommandCgroup joined = cgroups != null && confinement.joinsCgroup() ? cgroups.create(maxProcesses) : null;
        return new Plan(maxProcesses, joined);
    }

    /** One command's bound, decided before it starts; see {@link #plan}. */
    record Plan(int maxProcesses, CommandCgroup joined) {
        /** The command's argv: behind the gate unless its launcher joins the cgroup itself. */
        List<String> argv(List<String> argv) {
            return joined != null ? argv : gate(argv, maxProcesses);
        }

        /** Tells the launcher which cgroup to join, through the child's environment (it removes the entry). */
        void environment(Map<String, String> env) {
            if (joined != null) {
                env.put(Confinement.JOIN_CGROUP, joined.procsFile().toString());
            }
        }

        /** The bound of the started {@code process}. */
        ProcessBound apply(Process process) {
            return joined != null ? new ProcessBound(joined) : ProcessBound.apply(process, maxProcesses);
        }

        /** The command did not start: its cgroup goes. */
        void abandon() {
            if (joined != null) {
                joined.killAll();
            }
        }
    }

    /** Why commands run without a bound on their processes here; null when they have one. */
    static String problem() {
        String noCgroup = ProcessCgroups.unavailable();
        if (noCgroup == null || UserTasks.uid() > 0) {
            // An ordinary user without cgroups still has RLIMIT_NPROC, though setsid children are not found.
            return null;
        }
        return noCgroup;
    }

    /** Ends every process the command started, wherever it went; nothing when there is no cgroup. */
    void killAll() {
        if (cgroup != null) {
            cgroup.killAll();
        }
    }

    /** Whether the command tried to have more processes than its bound. */
    boolean reached() {
        return cgroup != null && cgroup.reachedBound();
    }

    /** The line that tells the model the command was held at its bound. */
    String reachedLine() {
        return "moka: this command reached its limit of " + cgroup.maxProcesses() + " processes and threads"
                + " (max_processes); what it tried to start past that failed\n";
    }
}
