package dev.moka.core.exec;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.stream.Stream;

/**
 * The processes and threads that run as this user now, which RLIMIT_NPROC counts all together: a command's
 * bound by that limit is what the user runs plus what the command may add.
 */
final class UserTasks {
    private UserTasks() {}

    /** This process's real user id, or -1 when it cannot be read. */
    static int uid() {
        try {
            return (Integer) Files.getAttribute(Path.of("/proc/self"), "unix:uid");
        } catch (IOException | RuntimeException e) {
            return -1;
        }
    }

    /** How many tasks (threads of every process) run as {@code uid}. */
    static long count(int uid) {
        try (Stream<Path> processes = Files.list(Path.of("/proc"))) {
            return processes.filter(p -> p.getFileName().toString().chars().allMatch(Character::isDigit))
                    .filter(p -> owner(p) == uid).mapToLong(UserTasks::threads).sum();
        } catch (IOException e) {
            return 0;
        }
    }

    private static int owner(Path process) {
        try {
            return (Integer) Files.getAttribute(process, "unix:uid", LinkOption.NOFOLLOW_LINKS);
        } catch (IOException | RuntimeException e) {
            return -1;
        }
    }

    private static long threads(Path process) {
        try (Stream<Path> tasks = Files.list(process.resolve("task"))) {
            return tasks.count();
        } catch (IOException | RuntimeException e) {
            return 1;
        }
    }
}
