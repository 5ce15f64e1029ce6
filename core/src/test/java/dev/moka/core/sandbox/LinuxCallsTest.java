package dev.moka.core.sandbox;

import static org.assertj.core.api.Assertions.assertThat;

import java.lang.foreign.Arena;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every call goes through one {@code syscall} by its number: each test checks a call's effect where the
 * kernel shows it, so a number that reached another system call fails here.
 */
class LinuxCallsTest {
    private static final int EAGAIN = 11;
    private static final int ENOENT = 2;
    private static final int ENOTDIR = 20;
    private static final int PR_SET_NAME = 15;
    private static final int SIGKILL = 9;

    @TempDir
    Path dir;

    @Test
    void aSharedFlockOnOneOpenKeepsAnyOtherFromTheExclusiveLockUntilItIsClosed() throws Exception {
        int first = (int) LinuxCalls.openDirectory(dir.toString()).value();
        int second = (int) LinuxCalls.openDirectory(dir.toString()).value();
        assertThat(first).isNotNegative();
        assertThat(second).isNotNegative().isNotEqualTo(first);

        assertThat(LinuxCalls.flock(first, LinuxCalls.LOCK_SH).value()).isZero();
        LinuxCalls.Result refused = LinuxCalls.flock(second, LinuxCalls.LOCK_EX | LinuxCalls.LOCK_NB);
        assertThat(refused.failed()).isTrue();
        assertThat(refused.errno()).isEqualTo(EAGAIN);
        // Another process sees the lock too: it is flock(2)'s, not some other kind of lock.
        assertThat(flockTool()).as("flock -n on the held directory").isEqualTo(1);

        LinuxCalls.close(first);
        assertThat(LinuxCalls.flock(second, LinuxCalls.LOCK_EX | LinuxCalls.LOCK_NB).value()).isZero();
        LinuxCalls.close(second);
        assertThat(flockTool()).as("flock -n once both are closed").isZero();
    }

    /** util-linux's flock taking the exclusive lock on {@code dir} without waiting: 0 when it got it. */
    private int flockTool() throws Exception {
        Process process = new ProcessBuilder("flock", "-n", "-x", dir.toString(), "true").inheritIO().start();
        return process.waitFor();
    }

    @Test
    void openNamesThePathItWasGiven() throws Exception {
        Path file = Files.writeString(dir.resolve("named"), "x");
        LinuxCalls.Result opened = LinuxCalls.openPath(file.toString());
        try {
            assertThat(opened.failed()).isFalse();
            assertThat(Files.readSymbolicLink(Path.of("/proc/self/fd/" + opened.value())))
                    .isEqualTo(file.toRealPath());
        } finally {
            LinuxCalls.close((int) opened.value());
        }
    }

    @Test
    void openDirectoryRefusesAFileAndOpenAMissingPath() throws Exception {
        Path file = Files.writeString(dir.resolve("file"), "x");

        LinuxCalls.Result notDirectory = LinuxCalls.openDirectory(file.toString());
        LinuxCalls.Result missing = LinuxCalls.openPath(dir.resolve("absent").toString());

        assertThat(notDirectory.failed()).isTrue();
        assertThat(notDirectory.errno()).isEqualTo(ENOTDIR);
        assertThat(missing.failed()).isTrue();
        assertThat(missing.errno()).isEqualTo(ENOENT);
    }

    @Test
    void aDirectoryIsMadeAndOpenedInsideAHandleAndALinkInItsPlaceIsNotFollowed() throws Exception {
        int root = (int) LinuxCalls.openDirectoryNoFollow(LinuxCalls.AT_FDCWD, dir.toString()).value();
        Path elsewhere = Files.createDirectory(dir.resolve("elsewhere"));
        Files.createSymbolicLink(dir.resolve("link"), elsewhere);
        try {
            assertThat(LinuxCalls.makeDirectoryAt(root, "made", 0700).value()).isZero();
            assertThat(dir.resolve("made")).isDirectory();
            assertThat(Files.getPosixFilePermissions(dir.resolve("made"))).hasSize(3);
            LinuxCalls.Result again = LinuxCalls.makeDirectoryAt(root, "made", 0700);
            assertThat(again.errno()).isEqualTo(Errno.EEXIST);
            assertThat(again.reason()).isEqualTo("File exists (EEXIST)");

            LinuxCalls.Result made = LinuxCalls.openDirectoryNoFollow(root, "made");
            assertThat(Files.readSymbolicLink(Path.of("/proc/self/fd/" + made.value())))
                    .isEqualTo(dir.resolve("made").toRealPath());
            LinuxCalls.close((int) made.value());

            LinuxCalls.Result link = LinuxCalls.openDirectoryNoFollow(root, "link");
            assertThat(link.failed()).isTrue();
            assertThat(link.errno()).isIn(Errno.ELOOP, Errno.ENOTDIR);
        } finally {
            LinuxCalls.close(root);
        }
    }

    @Test
    void prctlNamesTheCallingThreadWithTheStringItIsPointedAt() throws Exception {
        CompletableFuture<String> comm = new CompletableFuture<>();
        Thread.ofPlatform().start(() -> {
            try (Arena arena = Arena.ofConfined()) {
                LinuxCalls.Result named = LinuxCalls.prctl(PR_SET_NAME,
                        arena.allocateFrom("moka-prctl-test").address(), 0, 0, 0);
                comm.complete(named.value() + " " + Files.readString(Path.of("/proc/thread-self/comm"),
                        StandardCharsets.UTF_8).strip());
            } catch (Exception | Error e) {
                comm.completeExceptionally(e);
            }
        }).join();

        assertThat(comm.get()).isEqualTo("0 moka-prctl-test");
    }

    @Test
    void killEndsTheProcessWithTheSignalItWasGiven() throws Exception {
        Process sleeper = new ProcessBuilder("sleep", "60").start();

        assertThat(LinuxCalls.kill(sleeper.pid(), SIGKILL).value()).isZero();

        assertThat(sleeper.waitFor(10, TimeUnit.SECONDS)).isTrue();
        assertThat(sleeper.exitValue()).as("128 + SIGKILL").isEqualTo(128 + SIGKILL);
    }

    @Test
    void eachLinuxArchitectureTheJvmNamesHasItsTableAndNoOtherSystemHasOne() {
        assertThat(SyscallTable.of("Linux", "amd64")).contains(SyscallTable.X86_64);
        assertThat(SyscallTable.of("Linux", "aarch64")).contains(SyscallTable.AARCH64);
        assertThat(SyscallTable.of("Linux", "riscv64")).isEmpty();
        assertThat(SyscallTable.of("Linux", "x86")).isEmpty();
        // macOS on Apple silicon says aarch64 too, and its numbers mean other calls.
        assertThat(SyscallTable.of("Mac OS X", "aarch64")).isEmpty();
    }
}
