package dev.moka.core.sandbox;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * Confinement by bubblewrap: a read-only view of the whole file system with the writable roots bound
 * read-write and their protected paths bound read-only again (masked when missing), new user, pid and ipc
 * namespaces (and network, when it is off, with every Unix socket bound outside hidden), a fresh
 * {@code /proc} and {@code /dev}, every capability dropped, and the seccomp program handed over on
 * descriptor 3. The pid namespace ends whatever the command leaves behind when it exits.
 *
 * @param bwrap the bubblewrap executable
 */
record Bubblewrap(SandboxRules rules, Path bwrap) implements Confinement {
    /**
     * ProcessBuilder passes no descriptor beyond 0-2, so bash feeds the seccomp program to descriptor 3
     * through a pipe. No file holds it: a file could be rewritten by a command for the next one.
     */
    private static final String FEED_FILTER = "exec 3< <(printf \"$0\") && exec \"$@\"";
    private static final Path SETSID = Path.of("/usr/bin/setsid");

    @Override
    public Process start(ProcessBuilder builder, Terminal terminal) throws IOException {
        File dir = builder.directory();
        Path cwd = dir == null ? Path.of("").toAbsolutePath() : dir.toPath().toAbsolutePath();
        // Opened outside bwrap: its own /dev has a devpts of its own, without the slave.
        boolean tty = switch (terminal) {
            case Terminal.None _ -> false;
            case Terminal.Inherited _, Terminal.Pty _ -> true;
        };
        MaskPoints maskPoints = MaskPoints.claim(rules);
        SocketMasks sockets = SocketMasks.now(rules.network());
        String cgroup = builder.environment().remove(JOIN_CGROUP);
        builder.command(OnTerminal.argv(argv(builder.command(), cwd, tty, cgroup, sockets.sockets()), terminal));
        Process process;
        try {
            process = builder.start();
        } catch (IOException | RuntimeException e) {
            maskPoints.close();
            throw e;
        }
        process.onExit().thenRun(() -> {
            maskPoints.close();
            sockets.sweep();
        });
        return process;
    }

    @Override
    public String mechanism() {
        return "bwrap";
    }

    @Override
    public boolean joinsCgroup() {
        return true;
    }

    List<String> argv(List<String> command, Path cwd, boolean tty) {
        return argv(command, cwd, tty, null, rules.network() ? List.of() : HostSockets.bound());
    }

    /**
     * @param cgroup  the {@code cgroup.procs} file the launching shell joins first (null: none)
     * @param sockets the host's Unix sockets to hide (with the network off)
     */
    List<String> argv(List<String> command, Path cwd, boolean tty, String cgroup, List<Path> sockets) {
        // bubblewrap leads a process group of its own, so stopping the command kills its namespace's pid 1 too,
        // even before bubblewrap has told it to go on (when --die-with-parent is not yet in force). setsid runs
        // after bash, which as a session leader would take the terminal that the command needs for its own.
        String feed = Files.isExecutable(SETSID) ? FEED_FILTER.replace("exec \"$@\"", "exec " + SETSID + " \"$@\"")
                : FEED_FILTER;
        if (cgroup != null) {
            // Everything bubblewrap starts is born in the command's cgroup, with no gate for Moka to wait on.
            feed = "echo $$ > '" + cgroup.replace("'", "'\\''") + "' && " + feed;
        }
        List<String> argv = new ArrayList<>(List.of("/bin/bash", "-c", feed, escaped(filter()), bwrap.toString(),
                "--die-with-parent", "--unshare-user", "--unshare-pid", "--unshare-ipc", "--cap-drop", "ALL"));
        if (!tty) {
            // Its own session: no terminal to push keystrokes into with TIOCSTI.
            argv.add("--new-session");
        }
        if (!rules.network()) {
            argv.add("--unshare-net");
        }
        argv.addAll(List.of("--ro-bind", "/", "/", "--dev", "/dev", "--proc", "/proc"));
        for (WritableRoot root : rules.writableRoots()) {
            argv.addAll(List.of("--bind", root.root().toString(), root.root().toString()));
        }
        // A root inside another is protected by both (see SandboxRules): each path is bound once.
        Set<Path> guardedPaths = new LinkedHashSet<>();
        rules.writableRoots().forEach(root -> guardedPaths.addAll(root.protectedPaths()));
        for (Path guarded : guardedPaths) {
            String path = guarded.toString();
            if (Files.exists(guarded, LinkOption.NOFOLLOW_LINKS)) {
                argv.addAll(List.of("--ro-bind", path, path));
            } else if (Files.isDirectory(guarded.getParent())) {
                // Not there yet: an empty read-only directory takes its place, so it cannot be created.
                argv.addAll(List.of("--tmpfs", path, "--remount-ro", path));
            }
        }
        if (!rules.network()) {
            // Listed last, so each mask lies on top of every bind that shows the socket.
            for (Path socket : sockets) {
                argv.addAll(List.of("--ro-bind", "/dev/null", socket.toString()));
            }
        }
        argv.addAll(List.of("--chdir", cwd.toString(), "--seccomp", "3", "--"));
        argv.addAll(command);
        return argv;
    }

    private byte[] filter() {
        SeccompFilter.Arch arch = SeccompFilter.current();
        if (arch == null) {
            throw new IllegalStateException("no seccomp program for " + System.getProperty("os.arch"));
        }
        return SeccompFilter.program(arch, rules.network(), SeccompFilter.UnixSockets.OWN_NAMESPACE);
    }

    /** The bytes as a printf format of {@code \xHH} escapes. */
    private static String escaped(byte[] bytes) {
        StringBuilder out = new StringBuilder(bytes.length * 4);
        for (byte b : bytes) {
            out.append("\\x").append(Character.forDigit((b >> 4) & 0xF, 16)).append(Character.forDigit(b & 0xF, 16));
        }
        return out.toString();
    }
}
