package dev.moka.core.exec;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * The cgroup of one command: its processes, wherever they went (another process group, another session), and
 * the bound on how many there may be at once.
 */
final class CommandCgroup {
    /** Rounds of killing before giving up on a cgroup that keeps getting members (it cannot: pids.max holds). */
    private static final int KILL_ROUNDS = 50;

    private final Path dir;
    private final int maxProcesses;
    private final boolean v2;

    CommandCgroup(Path dir, int maxProcesses, boolean v2) {
        this.dir = dir;
        this.maxProcesses = maxProcesses;
        this.v2 = v2;
    }

    /** The file a process writes its pid into to join. */
    Path procsFile() {
        return dir.resolve("cgroup.procs");
    }

    int maxProcesses() {
        return maxProcesses;
    }

    /**
     * Moves process {@code top} in, and then any child it made before it was moved (moved processes' new
     * children are born inside), until a round finds none left outside. False when the move failed.
     */
    boolean adopt(long top) {
        try {
            move(top);
            Set<Long> moved = new HashSet<>(List.of(top));
            boolean more = true;
            while (more) {
                more = false;
                for (long child : ProcessTree.of(top)) {
                    if (moved.add(child)) {
                        move(child);
                        more = true;
                    }
                }
            }
            return true;
        } catch (IOException | RuntimeException e) {
            return false;
        }
    }

    private void move(long pid) throws IOException {
        try {
            Files.writeString(dir.resolve("cgroup.procs"), Long.toString(pid));
        } catch (IOException e) {
            if (ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false)) {
                throw e;
            }
        }
    }

    /** Whether a fork or clone was refused because the command was at its bound. */
    boolean reachedBound() {
        try {
            for (String line : Files.readAllLines(dir.resolve("pids.events"))) {
                if (line.startsWith("max ") && !line.equals("max 0")) {
                    return true;
                }
            }
        } catch (IOException e) {
            return false;
        }
        return false;
    }

    /** Ends every process in the cgroup and removes it. */
    void killAll() {
        if (v2 && killAtOnce()) {
            remove(dir);
            return;
        }
        for (int round = 0; round < KILL_ROUNDS; round++) {
            List<Long> members = members();
            if (members.isEmpty()) {
                break;
            }
            for (long pid : members) {
                ProcessHandle.of(pid).ifPresent(ProcessHandle::destroyForcibly);
            }
            pause();
        }
        remove(dir);
    }

    private boolean killAtOnce() {
        try {
            Files.writeString(dir.resolve("cgroup.kill"), "1");
            return true;
        } catch (IOException e) {
            return false;
        }
    }

    private List<Long> members() {
        try {
            return Files.readAllLines(dir.resolve("cgroup.procs")).stream().filter(line -> !line.isBlank())
                    .map(Long::parseLong).toList();
        } catch (IOException | RuntimeException e) {
            return List.of();
        }
    }

    /**
     * Removes a cgroup directory, children first (a cgroup with members or children cannot be removed; killed
     * processes leave it once reaped, so a few tries are made).
     */
    static void remove(Path dir) {
        try (var children = Files.list(dir)) {
            children.filter(Files::isDirectory).forEach(CommandCgroup::remove);
        } catch (IOException e) {
            return;
        }
        for (int attempt = 0; attempt < 20; attempt++) {
            try {
                Files.delete(dir);
                return;
            } catch (IOException e) {
                pause();
            }
        }
    }

    /** A moment for killed processes to exit (the kernel frees them from the cgroup then). */
    private static void pause() {
        try {
            Thread.sleep(2);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
