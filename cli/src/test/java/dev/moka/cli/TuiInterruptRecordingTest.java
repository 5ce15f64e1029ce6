package dev.moka.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.moka.core.session.Rollouts;
import dev.moka.protocol.ResponseItem;
import dev.moka.testkit.Sse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Esc (or Ctrl+C) in the real UI lands on whichever thread is busy at that moment: streaming an answer,
 * running a command, recording a line. Wherever it lands, the rollout keeps what came before it and all
 * that comes after, and a resume shows the whole conversation.
 */
class TuiInterruptRecordingTest extends ProcessFixture {
    private static final int ROUNDS = 50;
    private static final String[] CLASSIC = {"--full-auto", "-m", "gpt-5.1-codex", "-c",
            "tools.shell_type=\"exec_command\""};

    @Test
    void interruptsAtRandomMomentsOfAnswersAndCommandsLoseNothingOfTheConversation() throws Exception {
        long seed = System.nanoTime();
        Random random = new Random(seed);
        try (Tmux tmux = Tmux.start(repo, terminalEnv(), 100, 40, CLASSIC)) {
            tmux.waitFor("context left");
            for (int i = 0; i < ROUNDS; i++) {
                interruptOneTurn(tmux, i, random);
            }
            server.enqueue(Sse.response("last").text("m-last", "Final answer after the stops.").completed());
            tmux.type("final question");
            tmux.keys("Enter");
            tmux.waitFor("Final answer after the stops.");
            tmux.keys("C-d");
            tmux.waitFor("moka resume ");
        }
        List<ResponseItem> items = Rollouts.read(rollout()).items();
        for (int i = 0; i < ROUNDS; i++) {
            assertThat(items).as("round %d of seed %d", i, seed).contains(ResponseItem.Message.user("prompt " + i));
        }
        assertThat(items).as("seed %d", seed).endsWith(ResponseItem.Message.user("final question"),
                ResponseItem.Message.assistant("Final answer after the stops."));
        String[] resume = Stream.concat(Stream.of("resume", "--last"), Stream.of(CLASSIC)).toArray(String[]::new);
        try (Tmux tmux = Tmux.start(repo, terminalEnv(), 100, 40, resume)) {
            String screen = tmux.waitFor("Final answer after the stops.");
            for (int i = 0; i < ROUNDS; i++) {
                assertThat(screen).as("seed %d", seed).contains("› prompt " + i + "\n");
                if (i % 2 == 0) {
                    // The answer stopped mid-stream stays, as it stayed on the screen it was stopped on.
                    assertThat(screen).as("seed %d", seed).contains("Round " + i + " partial");
                }
            }
            assertThat(screen).contains("› final question");
        }
    }

    /**
     * Even rounds stream an answer that stalls; odd rounds run a slow command. The stop comes a random moment
     * after the turn got going: while deltas arrive, before the command starts, or while it runs.
     */
    private void interruptOneTurn(Tmux tmux, int round, Random random) throws Exception {
        if (round % 2 == 0) {
            server.enqueue(Sse.response("r" + round).text("m" + round, "Round " + round + " partial answer", " goes on",
                    " and on")
                    .stallAfter(4 + random.nextInt(3), Duration.ofSeconds(30)).completed());
        } else {
            server.enqueue(Sse.response("r" + round).functionCall("c" + round, "exec_command",
                    "{\"cmd\":\"echo tool-out-" + round + "; sleep 30\"}").completed());
        }
        tmux.type("prompt " + round);
        tmux.keys("Enter");
        if (round % 2 == 0) {
            // The last word of a stalled stream is held back while it might still become a secret.
            tmux.waitFor("Round " + round + " partial");
        } else {
            awaitSamplingRequests(round + 1);
        }
        Thread.sleep(random.nextInt(round % 2 == 0 ? 60 : 400));
        tmux.keys(round % 4 == 3 ? "C-c" : "Escape");
        int stops = round + 1;
        tmux.waitUntil(s -> s.split("Interrupted\\. Tell the model", -1).length - 1 >= stops,
                "the stop of round " + round);
    }

    private void awaitSamplingRequests(int count) throws InterruptedException {
        long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
        while (server.requests().stream().filter(r -> r.path().endsWith("/responses")).count() < count) {
            assertThat(System.nanoTime()).as("request %d reached the server", count).isLessThan(deadline);
            Thread.sleep(10);
        }
    }

    private Path rollout() throws Exception {
        try (Stream<Path> files = Files.walk(home.resolve("sessions"))) {
            return files.filter(f -> f.getFileName().toString().startsWith("rollout-")).findFirst().orElseThrow();
        }
    }
}
