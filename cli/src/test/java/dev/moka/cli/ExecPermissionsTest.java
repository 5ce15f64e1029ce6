package dev.moka.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.moka.testkit.Sse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The permission flags of {@code moka exec} and what happens in exec when something would need approval. */
class ExecPermissionsTest extends ProcessFixture {
    private Map<String, String> env() {
        return MokaProcess.env(home, server.url());
    }

    private void modelRuns(String... argv) {
        StringBuilder command = new StringBuilder("{\"command\":[");
        for (int i = 0; i < argv.length; i++) {
            command.append(i == 0 ? "" : ",").append('"').append(argv[i]).append('"');
        }
        server.enqueue(Sse.response("r1").functionCall("call_1", "shell", command + "]}").completed(),
                Sse.response("r2").text("m1", "done").completed());
    }

    @Test
    void conflictingOrUnknownFlagsAreUsageErrorsBeforeAnythingRuns() throws Exception {
        var both = MokaProcess.run(repo, env(), "exec", "--full-auto", "--yolo", "hi");
        assertThat(both.exitCode()).isEqualTo(2);
        assertThat(both.stderr()).contains("--yolo").contains("cannot be combined");

        var policy = MokaProcess.run(repo, env(), "exec", "-a", "sometimes", "hi");
        assertThat(policy.exitCode()).isEqualTo(2);
        assertThat(policy.stderr()).contains("unknown policy \"sometimes\"").contains("on-request");

        var dir = MokaProcess.run(repo, env(), "exec", "--add-dir", "no/such/dir", "hi");
        assertThat(dir.exitCode()).isEqualTo(2);
        assertThat(dir.stderr()).contains("--add-dir no/such/dir: no such directory");
        assertThat(server.requests()).isEmpty();
    }

    @Test
    void fullAutoWritesTheWorkspaceInsideTheSandbox() throws Exception {
        modelRuns("touch", "made");
        var result = MokaProcess.run(repo, env(), "exec", "--full-auto", "make it");

        assertThat(result.exitCode()).as(result.stderr()).isZero();
        assertThat(result.stderr()).contains("approval: on-request").contains("sandbox: workspace-write");
        assertThat(repo.resolve("made")).exists();
    }

    @Test
    void readOnlyIsTheDefaultAndTheModelHearsThatTheSandboxDeniedTheWrite() throws Exception {
        modelRuns("touch", "made");
        var result = MokaProcess.run(repo, env(), "exec", "make it");

        assertThat(result.exitCode()).as(result.stderr()).isZero();
        assertThat(result.stderr()).contains("sandbox: read-only");
        assertThat(repo.resolve("made")).doesNotExist();
        String output = server.requests().getLast().bodyJson().toString();
        assertThat(output).contains("The sandbox denied this command").contains("with_escalated_permissions");
    }

    @Test
    void aRequestThatWouldAskIsDeniedAtOnceAndShownInJson() throws Exception {
        modelRuns("touch", "made");
        var result = MokaProcess.run(repo, env(), "exec", "--json", "-s", "workspace-write", "-a", "untrusted",
                "make it");

        assertThat(result.exitCode()).as(result.stderr()).isZero();
        assertThat(repo.resolve("made")).doesNotExist();
        assertThat(result.stdout()).contains("nobody can approve");
        assertThat(server.requests().getLast().bodyJson().toString()).contains("nobody can approve");
    }

    @Test
    void yoloRunsWithoutASandbox() throws Exception {
        Path outside = Files.createTempDirectory("moka-yolo");
        modelRuns("touch", outside.resolve("made").toString());
        var result = MokaProcess.run(repo, env(), "exec", "--yolo", "make it");

        assertThat(result.exitCode()).as(result.stderr()).isZero();
        assertThat(result.stderr()).contains("sandbox: danger-full-access");
        assertThat(outside.resolve("made")).exists();
    }
}
