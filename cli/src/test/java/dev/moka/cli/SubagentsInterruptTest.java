package dev.moka.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.moka.testkit.CapturedRequest;
import dev.moka.testkit.Sse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.function.Predicate;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Two children at once in the terminal UI: their commands run side by side, and Esc, which interrupts the
 * parent's turn, stops both children's turns and the commands they run, and each child records that it stopped.
 */
class SubagentsInterruptTest extends ProcessFixture {
    private static final Predicate<CapturedRequest> CHILD = ChildRequests.CHILD;

    @Test
    void twoChildrenRunSideBySideAndEscStopsBoth() throws Exception {
        server.routeAnswers(CHILD.negate(), List.of(
                request -> Sse.response("p1")
                        .functionCall("spawn_a", "multi_agent_v1", "spawn_agent", "{\"message\":\"task A\"}")
                        .functionCall("spawn_b", "multi_agent_v1", "spawn_agent", "{\"message\":\"task B\"}")
                        .completed(),
                request -> Sse.response("p2").functionCall("wait", "multi_agent_v1", "wait_agent",
                        "{\"targets\":[\"" + ChildRequests.spawnedId(request, "spawn_a") + "\",\""
                                + ChildRequests.spawnedId(request, "spawn_b") + "\"],\"timeout_ms\":600000}")
                        .completed()));
        for (String name : List.of("a", "b")) {
            server.route(CHILD.and(r -> r.body().contains("task " + name.toUpperCase())),
                    Sse.response("c" + name).functionCall("run_" + name, "shell", "{\"command\":[\"bash\",\"-lc\","
                            + "\"touch " + name + ".started; sleep 30; touch " + name + ".finished\"]}").completed());
        }
        String[] args = {"--full-auto", "-m", "gpt-5.1-codex"};
        try (Tmux tmux = Tmux.start(repo, terminalEnv(), 100, 40, args)) {
            tmux.waitFor("context left");
            tmux.type("split the work between two agents");
            tmux.keys("Enter");
            waitForFile(repo.resolve("a.started"));
            waitForFile(repo.resolve("b.started"));
            // Both commands started and neither has finished: they run at the same time.
            assertThat(repo.resolve("a.finished")).doesNotExist();
            assertThat(repo.resolve("b.finished")).doesNotExist();
            assertThat(sleeps(tmux.pid())).isEqualTo(2);

            tmux.keys("Escape");
            long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
            while (sleeps(tmux.pid()) > 0 && System.nanoTime() < deadline) {
                Thread.sleep(100);
            }
            assertThat(sleeps(tmux.pid())).as("the children's commands after Esc").isZero();
            waitForAbortRecorded(2);
            // The UI takes the next prompt.
            tmux.waitFor("context left");
        }
        assertThat(repo.resolve("a.finished")).doesNotExist();
        assertThat(repo.resolve("b.finished")).doesNotExist();
    }

    /** The {@code sleep 30} commands running below the terminal's process. */
    private static long sleeps(long root) {
        return ProcessHandle.of(root).orElseThrow().descendants()
                .filter(process -> process.info().commandLine().orElse("").matches(".*\\bsleep 30\\b.*")
                        && !process.info().commandLine().orElse("").contains("bash"))
                .count();
    }

    private static void waitForFile(Path file) throws InterruptedException {
        long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
        while (!Files.exists(file)) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError(file + " never appeared");
            }
            Thread.sleep(50);
        }
    }

    /** Children's rollouts (those naming a parent) that recorded their interrupted turn. */
    private void waitForAbortRecorded(int children) throws Exception {
        long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
        while (true) {
            long aborted;
            try (Stream<Path> files = Files.walk(home.resolve("sessions"))) {
                aborted = files.filter(Files::isRegularFile).filter(file -> {
                    try {
                        String text = Files.readString(file);
                        return text.contains("\"parent_thread_id\"") && text.contains("turn_aborted");
                    } catch (java.io.IOException e) {
                        return false;
                    }
                }).count();
            }
            if (aborted >= children) {
                return;
            }
            if (System.nanoTime() > deadline) {
                throw new AssertionError("only " + aborted + " of " + children + " children recorded their interrupted turn");
            }
            Thread.sleep(100);
        }
    }
}
