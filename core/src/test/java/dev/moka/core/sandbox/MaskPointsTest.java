package dev.moka.core.sandbox;

import static org.assertj.core.api.Assertions.assertThat;

import dev.moka.core.exec.ExecParams;
import dev.moka.core.exec.ExecResult;
import dev.moka.core.exec.OutputListener;
import dev.moka.core.exec.ProcessRunner;
import dev.moka.protocol.SandboxPolicy;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * bubblewrap keeps absent protected names from being created through mount points on the host: they are
 * gone once the commands end, and stay while any command in the root still runs.
 */
class MaskPointsTest {
    @TempDir
    Path work;

    private final ProcessRunner runner = new ProcessRunner();

    private Confinement confinement() throws Exception {
        var rules = SandboxRules.of(new SandboxPolicy.WorkspaceWrite(List.of(), false, true, true), work,
                Map.of(), null, false);
        return new SandboxLauncher(LinuxSandbox.BWRAP, notice -> { }).confine(rules);
    }

    private ExecResult run(Confinement confinement, String script) throws InterruptedException {
        return runner.run(new ExecParams(List.of("/bin/bash", "-c", script), work, Duration.ofSeconds(20),
                Map.of("PATH", "/usr/bin:/bin"), confinement), OutputListener.NONE);
    }

    @Test
    void aCommandLeavesNoEmptyProtectedDirectoriesBehind() throws Exception {
        ExecResult result = run(confinement(), "mkdir -p .agents/skills; touch .moka; ls -a");

        assertThat(result.aggregatedOutput()).contains(".agents").contains(".moka");
        assertThat(awaitGone(work.resolve(".agents"), work.resolve(".moka"), work.resolve(".git")))
                .as("left in the workspace").isEmpty();
    }

    @Test
    void aMaskStaysWhileAnotherCommandInTheRootStillRuns() throws Exception {
        Confinement confinement = confinement();
        Path started = work.resolve("slow-started");
        CompletableFuture<ExecResult> slow = CompletableFuture.supplyAsync(() -> {
            try {
                return run(confinement, "touch slow-started; sleep 2; mkdir .agents/x; mkdir -p .moka/y; echo tried");
            } catch (InterruptedException e) {
                throw new IllegalStateException(e);
            }
        });
        while (!Files.exists(started)) {
            Thread.sleep(20);
        }
        run(confinement, "true");

        assertThat(slow.get().aggregatedOutput()).contains("tried");
        assertThat(work.resolve(".agents/x")).doesNotExist();
        assertThat(work.resolve(".moka/y")).doesNotExist();
        assertThat(awaitGone(work.resolve(".agents"), work.resolve(".moka"))).isEmpty();
    }

    /** The paths still there after the end of the commands has had a moment to be handled. */
    private static List<Path> awaitGone(Path... paths) throws InterruptedException {
        List<Path> left = List.of(paths);
        for (int i = 0; i < 50 && !left.isEmpty(); i++) {
            Thread.sleep(50);
            left = left.stream().filter(p -> Files.exists(p, java.nio.file.LinkOption.NOFOLLOW_LINKS)).toList();
        }
        return left;
    }
}
