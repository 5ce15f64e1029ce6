package dev.moka.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code moka sandbox linux} and {@code moka sandbox doctor}, run as a person runs them. */
class SandboxCommandTest {
    @TempDir
    Path home;

    @TempDir
    Path work;

    @TempDir
    Path outside;

    private Map<String, String> env() {
        // Keep $TMPDIR and /tmp out of the picture: the temporary directories of this test live there.
        return Map.of("MOKA_HOME", home.toString());
    }

    @Test
    void doctorSaysWhatEnforcesTheSandboxHere() throws Exception {
        MokaProcess.Result result = MokaProcess.run(work, env(), "sandbox", "doctor");

        assertThat(result.exitCode()).as(result.stderr()).isZero();
        assertThat(result.stdout()).contains("landlock: ABI").contains("bubblewrap").contains("seccomp")
                .contains("sandbox_linux = \"auto\": enforced by bubblewrap").contains("unix sockets:")
                .contains("user: ");
    }

    @Test
    void linuxRunsACommandAsTheAgentWouldWithWritesOnlyInTheWorkspace() throws Exception {
        MokaProcess.Result result = MokaProcess.run(work, env(), "sandbox", "linux", "--full-auto",
                "-c", "sandbox_workspace_write.exclude_slash_tmp=true", "--", "bash", "-c",
                "touch inside && echo made; touch " + outside + "/escaped");

        assertThat(result.exitCode()).isNotZero();
        assertThat(result.stdout()).contains("made");
        assertThat(result.stderr()).contains("Read-only file system");
        assertThat(work.resolve("inside")).exists();
        assertThat(outside.resolve("escaped")).doesNotExist();
    }

    @Test
    void readOnlyIsTheDefaultAndWritesNothing() throws Exception {
        MokaProcess.Result result = MokaProcess.run(work, env(), "sandbox", "linux", "--", "touch", "made");

        assertThat(result.exitCode()).isEqualTo(1);
        assertThat(work.resolve("made")).doesNotExist();
    }

    @Test
    void theCommandsExitCodeIsMokasExitCode() throws Exception {
        MokaProcess.Result result = MokaProcess.run(work, env(), "sandbox", "linux", "--", "bash", "-c", "exit 7");

        assertThat(result.exitCode()).isEqualTo(7);
    }

    @Test
    void noCommandIsAUsageError() throws Exception {
        MokaProcess.Result result = MokaProcess.run(work, env(), "sandbox", "linux");

        assertThat(result.exitCode()).isEqualTo(2);
        assertThat(result.stderr()).contains("needs a command after --");
        assertThat(Files.list(work)).isEmpty();
    }
}
