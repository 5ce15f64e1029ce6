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
import java.util.UUID;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The bound on a command's processes, and that nothing a command or a session started outlives it. */
class ProcessBoundTest {
    @TempDir
    Path dir;

    private final String marker = "moka-marker-" + UUID.randomUUID();
    private final Map<String, String> env = ExecEnvironment.forChild(System.getenv());

    @Test
    void aSandboxedForkBombIsHeldAtItsBoundAndAllOfItEnds() throws Exception {
        assertThat(ProcessRunner.processBoundProblem()).as("this machine (root, CI) can make cgroups").isNull();
        Confinement sandbox = new SandboxLauncher(LinuxSandbox.AUTO, notice -> { }).confine(SandboxRules.of(
                new SandboxPolicy.WorkspaceWrite(List.of(), false, true, true), dir, env, null, false));
        // Each child sleeps, so they all count at once; perl gives up at the first refused fork (bash would retry).
        String script = "my $n = 0; for (1..2000) { my $pid = fork(); last unless defined $pid;"
                + " if ($pid == 0) { sleep 300; exit 0 } $n++ } print \"started $n\\n\"; # " + marker;

        ExecResult result = new ProcessRunner(100).run(new ExecParams(List.of("perl", "-e", script), dir,
                Duration.ofMinutes(2), env, sandbox), OutputListener.NONE);

        assertThat(result.stdout()).matches("started \\d+\n");
        assertThat(Integer.parseInt(result.stdout().strip().substring("started ".length()))).isLessThan(100);
        assertThat(result.stderr()).contains("reached its limit of 100 processes and threads (max_processes)");
        assertThat(alive(marker)).as("nothing of the command is left").isEmpty();
        ExecResult after = new ProcessRunner(100).run(new ExecParams(List.of("echo", "fine"), dir,
                Duration.ofMinutes(1), env, sandbox), OutputListener.NONE);
        assertThat(after.stdout()).isEqualTo("fine\n");
    }

    @Test
    void aSetsidChildOfASessionEndsWhenTheSessionsAreClosed() throws Exception {
        var manager = new ExecSessionManager();
        // Started from a subshell that exits at once: the child is no descendant of the session's process any more.
        SessionResult started = manager.start(new SessionCommand(List.of("bash", "-c", "(setsid bash -c 'sleep 300;"
                + " : " + marker + "' > /dev/null 2>&1 &); echo started; sleep 300"), dir, env, false, "call-1"),
                Duration.ofMillis(500), OutputListener.NONE);
        assertThat(started.running()).isTrue();
        assertThat(alive(marker)).as("the setsid child runs").isNotEmpty();

        manager.close();

        assertThat(alive(marker)).as("nothing the session started is left").isEmpty();
    }

    @Test
    void aSetsidChildOfAOneShotCommandEndsWhenTheCommandExits() throws Exception {
        ExecResult result = new ProcessRunner().run(new ExecParams(List.of("bash", "-c", "setsid bash -c 'sleep 300;"
                + " : " + marker + "' > /dev/null 2>&1 & echo started"), dir, Duration.ofMinutes(1), env),
                OutputListener.NONE);

        assertThat(result.stdout()).isEqualTo("started\n");
        assertThat(alive(marker)).as("nothing the command started is left").isEmpty();
    }

    /** The pids of live processes whose command line holds {@code text} (a zombie's reads empty). */
    private static List<Long> alive(String text) throws IOException {
        try (Stream<Path> all = Files.list(Path.of("/proc"))) {
            return all.filter(p -> p.getFileName().toString().matches("\\d+")).filter(p -> {
                try {
                    return new String(Files.readAllBytes(p.resolve("cmdline")), StandardCharsets.UTF_8).contains(text);
                } catch (IOException e) {
                    return false;
                }
            }).map(p -> Long.parseLong(p.getFileName().toString())).toList();
        }
    }
}
