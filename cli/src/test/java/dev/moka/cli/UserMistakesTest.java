package dev.moka.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Mistakes a person makes at the edges: each is one line on stderr and exit code 2, never a stack trace. */
class UserMistakesTest {
    @TempDir
    Path home;

    @TempDir
    Path repo;

    @BeforeEach
    void setUp() throws Exception {
        Files.createDirectories(repo.resolve(".git"));
    }

    private Map<String, String> env() {
        // Nothing may be sent: a port nobody listens on makes any attempt fail loudly.
        return MokaProcess.env(home, "http://127.0.0.1:9/v1");
    }

    private void assertOneLineUsageError(MokaProcess.Result result, String... mentions) {
        assertThat(result.exitCode()).as(result.stderr()).isEqualTo(2);
        assertThat(result.stderr().strip().lines()).as(result.stderr()).hasSize(1);
        assertThat(result.stderr()).startsWith("moka: ").doesNotContain("Exception").contains(mentions);
        assertThat(result.stdout()).isEmpty();
    }

    @Test
    void loginWithoutAProviderSaysWhatIsMissingAndTheUsage() throws Exception {
        assertOneLineUsageError(MokaProcess.run(repo, env(), "login"), "PROVIDER", "usage: moka login");
    }

    @Test
    void aConfigThatIsANamedPipeStopsAtOnceWithOneLine() throws Exception {
        Path config = home.resolve("config.toml");
        Process mkfifo = new ProcessBuilder("mkfifo", config.toString()).start();
        assertThat(mkfifo.waitFor()).isZero();

        assertOneLineUsageError(MokaProcess.run(repo, env(), "exec", "hello"), config.toString(),
                "named pipe (FIFO)");
        assertOneLineUsageError(MokaProcess.run(repo, env(), "login", "demo"), config.toString(),
                "named pipe (FIFO)");
    }

    @Test
    void aConfigLinkedToDevZeroStopsWithOneLine() throws Exception {
        Path config = home.resolve("config.toml");
        Files.createSymbolicLink(config, Path.of("/dev/zero"));

        assertOneLineUsageError(MokaProcess.run(repo, env(), "exec", "hello"), config.toString(),
                "character device");
    }

    @Test
    void anEmptyModelNameIsRefusedWithOneLineWhereverItIsGiven() throws Exception {
        assertOneLineUsageError(MokaProcess.run(repo, env(), "exec", "-m", "", "hello"), "--model", "empty");
        assertOneLineUsageError(MokaProcess.run(repo, env(), "exec", "-m", " ", "hello"), "--model", "empty");
        assertOneLineUsageError(MokaProcess.run(repo, env(), "exec", "-c", "model=\"\"", "hello"), "-c model",
                "empty");
        // The interactive UI stops before it takes over the terminal, with the same line.
        var ui = MokaProcess.runOnTerminal(repo, env(), "-m", "", "hello");
        assertThat(ui.exitCode()).as(ui.stdout()).isEqualTo(2);
        assertThat(ui.stdout().strip().lines()).as(ui.stdout()).singleElement().asString().startsWith("moka: ")
                .contains("--model", "empty");
        Files.writeString(home.resolve("config.toml"), "approval_policy = \"on-request\"\nmodel = \"\"\n");
        assertOneLineUsageError(MokaProcess.run(repo, env(), "exec", "hello"), "config.toml:2", "model",
                "empty");
    }

    @Test
    void anOutputSchemaThatIsADeviceStopsWithOneLine() throws Exception {
        assertOneLineUsageError(MokaProcess.run(repo, env(), "exec", "-s", "danger-full-access",
                "--output-schema", "/dev/zero", "hello"),
                "/dev/zero", "character device");
    }

    @Test
    void flagMistakesAreOneLineEach() throws Exception {
        assertOneLineUsageError(MokaProcess.run(repo, env(), "exec", "-m"), "--model");
        assertOneLineUsageError(MokaProcess.run(repo, env(), "exec", "--sandbox", "nope", "hi"), "--sandbox",
                "nope");
        assertOneLineUsageError(MokaProcess.run(repo, env(), "exec", "resume"), "session id");
        assertOneLineUsageError(MokaProcess.run(repo, env(), "login", "a", "b"), "'b'");
        assertOneLineUsageError(MokaProcess.run(repo, env(), "nonsense"), "nonsense");
        assertOneLineUsageError(MokaProcess.run(repo, env(), "exec", "-C", repo.resolve("missing").toString(),
                "hi"), "missing");
    }

    @Test
    void execOnlyFlagsOnTheInteractiveCommandAreOneLineEach() throws Exception {
        assertOneLineUsageError(MokaProcess.run(repo, env(), "--json", "hi"), "--json", "moka exec");
        assertOneLineUsageError(MokaProcess.run(repo, env(), "-o", "out.txt", "hi"), "--output-last-message",
                "moka exec");
        assertOneLineUsageError(MokaProcess.run(repo, env(), "--output-schema", "schema.json", "hi"),
                "--output-schema", "moka exec");
        assertThat(repo.resolve("out.txt")).doesNotExist();
    }
}
