package dev.moka.core.exec;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ProcessRunnerTest {
    @TempDir
    Path dir;

    private final ProcessRunner runner = new ProcessRunner();

    private static Map<String, String> childEnv() {
        return ExecEnvironment.forChild(System.getenv());
    }

    private ExecResult run(Duration timeout, String... argv) throws InterruptedException {
        return runner.run(new ExecParams(List.of(argv), dir, timeout, childEnv()),
                OutputListener.NONE);
    }

    @Test
    void capturesStdoutAndExitCodeZero() throws Exception {
        ExecResult result = run(null, "echo", "hello world");

        assertThat(result.exitCode()).isZero();
        assertThat(result.stdout()).isEqualTo("hello world\n");
        assertThat(result.stderr()).isEmpty();
        assertThat(result.aggregatedOutput()).isEqualTo("hello world\n");
        assertThat(result.timedOut()).isFalse();
    }

    @Test
    void reportsNonZeroExitAndStderr() throws Exception {
        ExecResult result = run(null, "bash", "-c", "echo out; echo oops >&2; exit 3");

        assertThat(result.exitCode()).isEqualTo(3);
        assertThat(result.stdout()).isEqualTo("out\n");
        assertThat(result.stderr()).isEqualTo("oops\n");
        assertThat(result.aggregatedOutput()).contains("out\n").contains("oops\n");
    }

    @Test
    void interleavesStreamsInArrivalOrderAndReportsChunksLive() throws Exception {
        List<String> chunks = new CopyOnWriteArrayList<>();
        ExecResult result = runner.run(new ExecParams(List.of("bash", "-c",
                "echo one; sleep 0.2; echo two >&2; sleep 0.2; echo three"), dir, null, childEnv()),
                (stream, text) -> chunks.add(stream.wire() + ":" + text));

        assertThat(result.aggregatedOutput()).isEqualTo("one\ntwo\nthree\n");
        assertThat(String.join("", chunks)).isEqualTo("stdout:one\nstderr:two\nstdout:three\n");
    }

    @Test
    void runsInTheGivenWorkingDirectory() throws Exception {
        ExecResult result = run(null, "pwd");

        assertThat(Path.of(result.stdout().strip())).isEqualTo(dir.toRealPath());
    }

    @Test
    void readsEmptyStdin() throws Exception {
        ExecResult result = run(null, "cat");

        assertThat(result.exitCode()).isZero();
        assertThat(result.stdout()).isEmpty();
    }

    @Test
    void backgroundChildrenEndWithTheirCommand() throws Exception {
        String marker = "98" + ProcessHandle.current().pid() % 10_000;
        ExecResult result = run(null, "bash", "-c", "sleep " + marker + " & nohup sleep " + marker
                + " >/dev/null 2>&1 & echo started");

        assertThat(result.stdout()).contains("started");
        Thread.sleep(200);
        assertThat(ProcessHandle.allProcesses()
                .filter(p -> p.info().commandLine().orElse("").contains("sleep " + marker))).isEmpty();
    }

    @Test
    void timeoutKillsTheProcess() throws Exception {
        ExecResult result = run(Duration.ofMillis(300), "sleep", "30");

        assertThat(result.timedOut()).isTrue();
        assertThat(result.exitCode()).isEqualTo(ExecResult.TIMEOUT_EXIT_CODE);
        assertThat(result.stderr()).contains("command timed out after 300 ms");
        assertThat(result.aggregatedOutput()).contains("command timed out after 300 ms");
    }

    @Test
    void timeoutKillsTheWholeProcessTree() throws Exception {
        ExecResult result = run(Duration.ofMillis(500), "bash", "-c", "sleep 30 & echo $!; wait");

        assertThat(result.timedOut()).isTrue();
        long childPid = Long.parseLong(result.stdout().lines().findFirst().orElseThrow().strip());
        ProcessHandle.of(childPid).ifPresent(child -> child.onExit().join());
        assertThat(ProcessHandle.of(childPid).filter(ProcessHandle::isAlive)).isEmpty();
    }

    @Test
    void timeoutKillsAnOrphanLeftBehindInTheProcessGroup() throws Exception {
        // The subshell exits at once, so the sleep is re-parented: no longer a descendant, still in the group.
        ExecResult result = run(Duration.ofMillis(500), "bash", "-c", "(sleep 30 & echo $!); sleep 30");

        assertThat(result.timedOut()).isTrue();
        long orphanPid = Long.parseLong(result.stdout().lines().findFirst().orElseThrow().strip());
        ProcessHandle.of(orphanPid).ifPresent(orphan -> orphan.onExit().join());
        assertThat(ProcessHandle.of(orphanPid).filter(ProcessHandle::isAlive)).isEmpty();
    }

    @Test
    void doesNotWaitForABackgroundChildThatKeepsThePipesOpen() throws Exception {
        ExecResult result = run(Duration.ofSeconds(60), "bash", "-c", "sleep 30 & echo started $!");

        long childPid = Long.parseLong(result.stdout().strip().substring("started ".length()));
        ProcessHandle.of(childPid).ifPresent(ProcessHandle::destroyForcibly);
        assertThat(result.exitCode()).isZero();
        assertThat(result.timedOut()).isFalse();
        assertThat(result.stdout()).startsWith("started ");
    }

    @Test
    void interruptKillsTheTreeAndRethrows() throws Exception {
        AtomicReference<String> pid = new AtomicReference<>();
        Thread caller = Thread.currentThread();
        OutputListener interruptOnFirstOutput = (stream, text) -> {
            pid.set(text.strip());
            caller.interrupt();
        };
        ExecParams params = new ExecParams(List.of("bash", "-c", "sleep 30 & echo $!; wait"), dir,
                Duration.ofSeconds(30), childEnv());

        assertThatThrownBy(() -> runner.run(params, interruptOnFirstOutput))
                .isInstanceOf(InterruptedException.class);
        long childPid = Long.parseLong(pid.get());
        ProcessHandle.of(childPid).ifPresent(child -> child.onExit().join());
        assertThat(ProcessHandle.of(childPid).filter(ProcessHandle::isAlive)).isEmpty();
    }

    @Test
    void capsEachStreamKeepingHeadAndTail() throws Exception {
        ExecResult result = run(Duration.ofSeconds(30), "seq", "1", "400000");

        int limit = ProcessRunner.CAPTURE_LIMIT_BYTES;
        assertThat(result.exitCode()).isZero();
        assertThat(result.stdout()).startsWith("1\n2\n3\n").endsWith("399999\n400000\n");
        assertThat(result.stdout()).containsPattern("\\[\\.\\.\\. \\d+ bytes \\(\\d+ lines\\) omitted \\.\\.\\.\\]");
        assertThat(result.stdout().length()).isBetween(limit, limit + 100);
        assertThat(result.aggregatedOutput()).isEqualTo(result.stdout());
    }

    @Test
    void capCountsOmittedBytesExactly() throws Exception {
        ExecResult result = run(Duration.ofSeconds(30), "bash", "-c", "head -c 3000000 /dev/zero | tr '\\0' a");

        int limit = ProcessRunner.CAPTURE_LIMIT_BYTES;
        String marker = "\n[... " + (3_000_000 - limit) + " bytes (0 lines) omitted ...]\n";
        assertThat(result.stdout()).isEqualTo("a".repeat(limit / 2) + marker + "a".repeat(limit / 2));
    }

    @Test
    void keepsMultiByteCharactersWholeAcrossReads() throws Exception {
        Path file = dir.resolve("utf8.txt");
        String text = "héllo wörld ✓ 😀\n".repeat(5000);
        Files.writeString(file, text);

        ExecResult result = run(null, "cat", file.toString());

        assertThat(result.stdout()).isEqualTo(text);
    }

    @Test
    void secretsInTheParentEnvironmentDoNotReachTheChild() throws Exception {
        Map<String, String> parent = new HashMap<>(System.getenv());
        parent.put("MY_TOKEN", "t0k3n");
        parent.put("OPENAI_API_KEY", "sk-test");
        parent.put("aws_secret_access_key", "s3cr3t");
        parent.put("MOKA_VISIBLE", "yes");

        ExecResult result = runner.run(new ExecParams(List.of("env"), dir, null, ExecEnvironment.forChild(parent)),
                OutputListener.NONE);

        assertThat(result.stdout()).contains("MOKA_VISIBLE=yes")
                .doesNotContain("t0k3n").doesNotContain("sk-test").doesNotContain("s3cr3t");
    }

    @Test
    void commandNotFoundIsExitCode127WithAMessage() throws Exception {
        ExecResult result = run(null, "moka-no-such-command-xyz", "arg");

        assertThat(result.exitCode()).isEqualTo(ExecResult.NOT_FOUND_EXIT_CODE);
        assertThat(result.stderr()).contains("command not found: moka-no-such-command-xyz");
        assertThat(result.aggregatedOutput()).isEqualTo(result.stderr());
    }

    @Test
    void missingPathIsExitCode127() throws Exception {
        ExecResult result = run(null, "./missing.sh");

        assertThat(result.exitCode()).isEqualTo(ExecResult.NOT_FOUND_EXIT_CODE);
        assertThat(result.stderr()).contains("./missing.sh").contains("no such file");
    }

    @Test
    void fileWithoutExecutePermissionIsExitCode126() throws Exception {
        Path script = dir.resolve("script.sh");
        Files.writeString(script, "#!/bin/sh\necho hi\n");
        Files.setPosixFilePermissions(script, PosixFilePermissions.fromString("rw-r--r--"));

        ExecResult result = run(null, script.toString());

        assertThat(result.exitCode()).isEqualTo(ExecResult.CANNOT_EXECUTE_EXIT_CODE);
        assertThat(result.stderr()).contains("permission denied");
    }

    @Test
    void missingWorkingDirectoryIsExitCode126() throws Exception {
        Path missing = dir.resolve("gone");

        ExecResult result = runner.run(new ExecParams(List.of("true"), missing, null, Map.of()),
                OutputListener.NONE);

        assertThat(result.exitCode()).isEqualTo(ExecResult.CANNOT_EXECUTE_EXIT_CODE);
        assertThat(result.stderr()).contains(missing.toString()).contains("does not exist");
    }
}
