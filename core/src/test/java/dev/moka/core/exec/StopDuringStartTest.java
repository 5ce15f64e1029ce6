package dev.moka.core.exec;

import static org.assertj.core.api.Assertions.assertThat;

import dev.moka.core.sandbox.Confinement;
import dev.moka.core.sandbox.LinuxSandbox;
import dev.moka.core.sandbox.SandboxLauncher;
import dev.moka.core.sandbox.SandboxRules;
import dev.moka.protocol.SandboxPolicy;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.UUID;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;

/**
 * Stopping a sandboxed command at any moment of its start ends everything it started: bubblewrap's own child
 * (pid 1 of the new pid namespace) included, even when it is still waiting for bubblewrap to set it up.
 */
class StopDuringStartTest {
    private static final int STOPS = 200;
    private static final int WINDOW_MILLIS = 50;

    @TempDir
    Path work;

    @TestFactory
    Stream<DynamicTest> aCommandStoppedInItsFirstMillisecondsLeavesNoProcess() {
        return Stream.of(LinuxSandbox.BWRAP, LinuxSandbox.LANDLOCK).map(mechanism -> DynamicTest.dynamicTest(
                mechanism.wire(), () -> stopAtRandomMoments(mechanism)));
    }

    private void stopAtRandomMoments(LinuxSandbox mechanism) throws Exception {
        String marker = "stop-" + mechanism.wire() + "-" + UUID.randomUUID();
        Map<String, String> env = Map.of("PATH", "/usr/bin:/bin");
        SandboxRules rules = SandboxRules.of(new SandboxPolicy.ReadOnly(), work, env, null, false);
        Confinement confinement = new SandboxLauncher(mechanism, notice -> { }).confine(rules);
        ProcessRunner runner = new ProcessRunner();
        Random random = new Random(42);
        for (int i = 0; i < STOPS; i++) {
            // The marker is in the argv of every process of the command: the launcher, bubblewrap, its child.
            var params = new ExecParams(List.of("/bin/sh", "-c", "sleep 30; : " + marker), work,
                    Duration.ofSeconds(60), env, confinement);
            Thread run = Thread.ofVirtual().start(() -> {
                try {
                    runner.run(params, OutputListener.NONE);
                } catch (InterruptedException e) {
                    // Expected: this is how a turn stops a command.
                }
            });
            Thread.sleep(Duration.ofNanos(random.nextLong(WINDOW_MILLIS * 1_000_000L)));
            run.interrupt();
            run.join();
        }
        assertThat(survivors(marker)).as("processes left behind by stopped commands").isEmpty();
    }

    /** Processes whose command line carries {@code marker}, once those being killed have had time to go. */
    private static List<String> survivors(String marker) throws InterruptedException {
        List<String> alive = List.of();
        for (int attempt = 0; attempt < 50; attempt++) {
            alive = withMarker(marker);
            if (alive.isEmpty()) {
                return alive;
            }
            Thread.sleep(100);
        }
        return alive;
    }

    private static List<String> withMarker(String marker) {
        try (Stream<Path> procs = Files.list(Path.of("/proc"))) {
            return procs.filter(p -> p.getFileName().toString().chars().allMatch(Character::isDigit))
                    .map(p -> p.getFileName() + " " + commandLine(p))
                    .filter(line -> line.contains(marker))
                    .toList();
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    private static String commandLine(Path proc) {
        try {
            return new String(Files.readAllBytes(proc.resolve("cmdline")), StandardCharsets.UTF_8).replace('\0', ' ');
        } catch (IOException e) {
            return "";
        }
    }
}
