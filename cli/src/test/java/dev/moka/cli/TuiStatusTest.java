package dev.moka.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.moka.testkit.Sse;
import org.junit.jupiter.api.Test;

/** {@code /status}'s sandbox line and the command cell of exec_command, in the real moka in tmux. */
class TuiStatusTest extends ProcessFixture {

    private static String status(Tmux tmux) throws Exception {
        tmux.waitFor("context left");
        tmux.type("/status");
        tmux.keys("Enter");
        tmux.keys("Enter");
        return tmux.waitFor("rollout:");
    }

    @Test
    void statusNamesWhatEnforcesTheSandboxAsTheDoctorDoes() throws Exception {
        var doctor = MokaProcess.run(repo, terminalEnv(), "sandbox", "doctor");
        String verdict = doctor.stdout().strip().lines().toList().getLast();
        try (Tmux tmux = Tmux.start(repo, terminalEnv(), 200, 40, "-s", "workspace-write", "-a", "on-request")) {
            String screen = status(tmux);
            if (verdict.contains("enforced by ")) {
                String mechanism = verdict.substring(verdict.indexOf("enforced by "));
                assertThat(screen).contains("sandbox:   workspace-write, " + mechanism);
            } else {
                assertThat(screen).contains("sandbox:   workspace-write, but nothing here can enforce it (");
            }
        }
        try (Tmux tmux = Tmux.start(repo, terminalEnv(), 200, 40, "-s", "danger-full-access", "-a", "on-request")) {
            assertThat(status(tmux)).contains("sandbox:   danger-full-access: no sandbox, commands run with your own"
                    + " access");
        }
    }

    @Test
    void anExecCommandCellShowsTheCommandAsTheModelGaveIt() throws Exception {
        java.nio.file.Files.writeString(repo.resolve("listed.txt"), "x\n");
        server.enqueue(Sse.response("r1").functionCall("c1", "exec_command", "{\"cmd\":\"ls\"}").completed(),
                Sse.response("r2").text("m1", "Listed.").completed());
        try (Tmux tmux = Tmux.start(repo, terminalEnv(), 100, 30, "--full-auto", "-c", "tools.shell_type=\"exec_command\"")) {
            tmux.waitFor("context left");
            tmux.type("list");
            tmux.keys("Enter");
            String screen = tmux.waitFor("Listed.");
            assertThat(screen).contains("✓ Ran ls\n", "│ listed.txt").doesNotContain("-lc").doesNotContain("bash -c");
        }
    }
}
