package dev.moka.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.moka.testkit.Sse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * SIGTERM or SIGHUP (a `kill`, a closed window) while a turn runs a command: Moka ends the turn as an interrupt
 * would before the JVM exits, so the rollout records the turn as aborted and, in the UI, the turn's files can
 * still be rewound. (SIGKILL leaves nothing to do.)
 */
class TerminatedMidTurnTest extends ProcessFixture {
    private static final String SLOW = "{\"command\":[\"bash\",\"-c\",\"echo begun > begun.txt; sleep 30\"]}";

    @Test
    void execEndedBySigtermRecordsTheTurnAsAborted() throws Exception {
        server.enqueue(Sse.response("r1").functionCall("c1", "shell", SLOW).completed(),
                Sse.response("r2").text("m1", "never asked for").completed());
        var builder = new ProcessBuilder(MokaProcess.command("exec", "--full-auto", "run the slow thing"))
                .directory(repo.toFile()).redirectOutput(ProcessBuilder.Redirect.DISCARD)
                .redirectError(ProcessBuilder.Redirect.DISCARD);
        builder.environment().keySet().removeIf(k -> k.startsWith("MOKA_") || k.startsWith("OPENAI_"));
        builder.environment().putAll(MokaProcess.env(home, server.url()));
        Process moka = builder.start();
        try {
            waitForFile(repo.resolve("begun.txt"));

            moka.destroy();

            assertThat(moka.waitFor(30, TimeUnit.SECONDS)).as("moka exits after SIGTERM").isTrue();
        } finally {
            moka.destroyForcibly();
        }
        String rollout = Files.readString(onlyRollout());
        assertThat(rollout).contains("\"turn_aborted\"").contains("\"shutdown_complete\"");
        assertThat(server.requests()).hasSize(1);
    }

    @Test
    void aUiEndedBySighupStillKeepsTheTurnForRewind() throws Exception {
        server.enqueue(Sse.response("r1").functionCall("c1", "shell", SLOW).completed(),
                Sse.response("r2").text("m1", "never asked for").completed());
        Files.delete(repo.resolve(".git"));
        try (Tmux tmux = Tmux.start(repo, terminalEnv(), 100, 30, "--full-auto")) {
            tmux.waitFor("context left");
            tmux.type("run the slow thing");
            tmux.keys("Enter");
            waitForFile(repo.resolve("begun.txt"));
            long moka = tmux.pid();
            new ProcessBuilder("kill", "-HUP", String.valueOf(moka)).start().waitFor();
            waitForExit(moka);
        }
        String rollout = Files.readString(onlyRollout());
        assertThat(rollout).contains("\"turn_aborted\"");
        Path spans;
        try (Stream<Path> sessions = Files.list(home.resolve("snapshots"))) {
            spans = sessions.findFirst().orElseThrow().resolve("spans.jsonl");
        }
        assertThat(spans).exists();
        assertThat(Files.readAllLines(spans)).singleElement().asString().contains("\"TURN\"");
    }

    private static void waitForFile(Path file) throws InterruptedException {
        long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
        while (!Files.exists(file)) {
            assertThat(System.nanoTime()).as("waited 30 s for " + file).isLessThan(deadline);
            Thread.sleep(50);
        }
    }

    /** Until {@code pid} has exited: tmux keeps the pane, so it may stay a zombie, which onExit never sees end. */
    private static void waitForExit(long pid) throws Exception {
        Path stat = Path.of("/proc/" + pid + "/stat");
        long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
        while (Files.exists(stat) && !zombie(stat)) {
            assertThat(System.nanoTime()).as("waited 30 s for moka (pid " + pid + ") to exit").isLessThan(deadline);
            Thread.sleep(50);
        }
    }

    private static boolean zombie(Path stat) {
        try {
            String line = Files.readString(stat);
            return line.substring(line.lastIndexOf(')') + 2).startsWith("Z");
        } catch (java.io.IOException gone) {
            return true;
        }
    }

    private Path onlyRollout() throws Exception {
        try (Stream<Path> files = Files.walk(home.resolve("sessions"))) {
            List<Path> rollouts = files.filter(p -> p.getFileName().toString().startsWith("rollout-")).toList();
            assertThat(rollouts).hasSize(1);
            return rollouts.getFirst();
        }
    }
}
