package dev.moka.core.exec;

import dev.moka.core.sandbox.LinuxCalls;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Starts commands as leaders of their own process group (through util-linux {@code setsid}), so a timeout or
 * the end of Moka can kill everything they started, including background children that outlived their parent.
 */
final class ProcessGroups {
    static final Path SETSID = Path.of("/usr/bin/setsid");
    private static final int SIGKILL = 9;

    private ProcessGroups() {}

    /**
     * The argv to hand to {@link ProcessBuilder}. The wrapper is only used when the program is found, so a
     * missing or non-executable program still fails in the JDK with its precise error, and where Moka can
     * signal a group ({@link LinuxCalls#supported()}): elsewhere each command stays in Moka's group.
     *
     * @param controllingTty whether the child's stdin (a pty slave) becomes its controlling terminal
     */
    static List<String> wrap(List<String> argv, Path cwd, Map<String, String> env, boolean controllingTty) {
        if (!LinuxCalls.supported() || !Files.isExecutable(SETSID) || !launchable(argv.getFirst(), cwd, env)) {
            return argv;
        }
        List<String> wrapped = new ArrayList<>(argv.size() + 2);
        wrapped.add(SETSID.toString());
        if (controllingTty) {
            wrapped.add("--ctty");
        }
        wrapped.addAll(argv);
        return wrapped;
    }

    /** Kills the group led by {@code root} and every descendant (some may have left the group). */
    static void kill(ProcessHandle root) {
        List<ProcessHandle> descendants = root.descendants().toList();
        // The leader first: killed, it can no longer make its group (setsid) and fill it after the group was
        // signalled, as it could in between when the group went first. Its pid is not reused for a new group
        // while a member of its own lives, and taking it again at once would need the pid counter to wrap.
        root.destroyForcibly();
        killGroup(root.pid());
        descendants.forEach(ProcessHandle::destroyForcibly);
    }

    /**
     * Ends what a command that has exited left behind in its group ({@code sleep 60 &}, {@code nohup}): the
     * command led its group, and a group id is not reused while any member lives. Children that left the
     * group ({@code setsid}) are ended by the sandbox's pid namespace instead.
     */
    static void killLeftovers(long leaderPid) {
        killGroup(leaderPid);
    }

    /** Kills every process of the group led by {@code pgid}; quiet when none is left, or none was made. */
    private static void killGroup(long pgid) {
        if (pgid <= 1) {
            throw new IllegalArgumentException("refusing to signal process group " + pgid);
        }
        if (LinuxCalls.supported()) {
            LinuxCalls.kill(-pgid, SIGKILL);
        }
    }

    private static boolean launchable(String program, Path cwd, Map<String, String> env) {
        if (program.contains("/")) {
            return runnable(cwd.resolve(program));
        }
        String path = env.getOrDefault("PATH", System.getenv("PATH"));
        if (path == null) {
            return false;
        }
        for (String dir : path.split(":")) {
            if (!dir.isEmpty() && runnable(Path.of(dir, program))) {
                return true;
            }
        }
        return false;
    }

    private static boolean runnable(Path file) {
        return Files.isRegularFile(file) && Files.isExecutable(file);
    }
}
