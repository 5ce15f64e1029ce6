package dev.moka.core.exec;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ExecSessionManagerTest {
    private static final Duration SHORT = Duration.ofMillis(250);
    private static final Duration LONG = Duration.ofSeconds(20);

    @TempDir
    Path dir;

    private final ExecSessionManager manager = new ExecSessionManager();

    @AfterEach
    void closeManager() {
        manager.close();
    }

    private SessionCommand bash(String script, boolean tty) {
        return new SessionCommand(List.of("bash", "-c", script), dir, ExecEnvironment.forChild(System.getenv()), tty,
                "call-1");
    }

    @Test
    void aCommandThatFinishesWithinTheYieldReportsItsExitCodeAndNoSession() throws Exception {
        SessionResult result = manager.start(bash("echo hi; exit 3", false), LONG, OutputListener.NONE);

        assertThat(result.exitCode()).isEqualTo(3);
        assertThat(result.sessionId()).isNull();
        assertThat(result.output()).isEqualTo("hi\n");
        assertThat(manager.liveIds()).isEmpty();
    }

    @Test
    void aProcessThatAsksForInputWaitsForWriteStdin() throws Exception {
        SessionResult first = manager.start(bash("echo 'name?'; read x; echo \"got $x\"", false), SHORT,
                OutputListener.NONE);

        assertThat(first.running()).isTrue();
        assertThat(first.output()).isEqualTo("name?\n");
        SessionResult second = manager.write(first.sessionId(), "moka\n", LONG, id -> OutputListener.NONE);
        assertThat(second.exitCode()).isZero();
        assertThat(second.output()).isEqualTo("got moka\n");
        assertThat(manager.liveIds()).isEmpty();
    }

    @Test
    void aLongRunningServerIsPolledWithEmptyWrites() throws Exception {
        SessionResult started = manager.start(new SessionCommand(
                List.of("python3", "-u", "-m", "http.server", "0", "--bind", "127.0.0.1"), dir,
                ExecEnvironment.forChild(System.getenv()), false, "call-server"), Duration.ofSeconds(2),
                OutputListener.NONE);
        assertThat(started.running()).isTrue();
        Matcher port = Pattern.compile("port (\\d+)").matcher(started.output());
        assertThat(port.find()).as("server banner in %s", started.output()).isTrue();

        try (HttpClient http = HttpClient.newHttpClient()) {
            HttpResponse<String> response = http.send(HttpRequest.newBuilder(
                    URI.create("http://127.0.0.1:" + port.group(1) + "/")).build(), HttpResponse.BodyHandlers.ofString());
            assertThat(response.statusCode()).isEqualTo(200);
        }
        SessionResult polled = manager.write(started.sessionId(), "", Duration.ofSeconds(1), id -> OutputListener.NONE);
        assertThat(polled.running()).isTrue();
        assertThat(polled.output()).contains("\"GET / HTTP/1.1\" 200");
        assertThat(polled.callId()).isEqualTo("call-server");
    }

    @Test
    void aTtySessionRunsUnderATerminal() throws Exception {
        SessionResult result = manager.start(new SessionCommand(
                List.of("python3", "-c", "import sys; print(sys.stdout.isatty(), sys.stdin.isatty())"), dir,
                ExecEnvironment.forChild(System.getenv()), true, "call-tty"), LONG, OutputListener.NONE);

        assertThat(result.exitCode()).isZero();
        assertThat(result.output().strip()).isEqualTo("True True");
    }

    @Test
    void aTtySessionHasAControllingTerminalAndTakesInput() throws Exception {
        SessionResult first = manager.start(bash("tty >/dev/null && echo has-tty; read -p 'name? ' x; echo \"hi $x\"",
                true), SHORT, OutputListener.NONE);
        assertThat(first.running()).isTrue();
        assertThat(first.output()).contains("has-tty").contains("name? ");

        SessionResult second = manager.write(first.sessionId(), "moka\n", LONG, id -> OutputListener.NONE);
        assertThat(second.exitCode()).isZero();
        // The terminal echoes what was typed, as it would for a person.
        assertThat(second.output()).contains("moka").contains("hi moka");
    }

    @Test
    void pipesWithoutTtyAreNotATerminal() throws Exception {
        SessionResult result = manager.start(new SessionCommand(
                List.of("python3", "-c", "import sys; print(sys.stdout.isatty())"), dir,
                ExecEnvironment.forChild(System.getenv()), false, "call"), LONG, OutputListener.NONE);

        assertThat(result.output().strip()).isEqualTo("False");
    }

    @Test
    void theYieldEndsTheWaitButNotTheProcess() throws Exception {
        SessionResult result = manager.start(bash("echo start; sleep 30", false), SHORT, OutputListener.NONE);

        assertThat(result.running()).isTrue();
        assertThat(result.output()).isEqualTo("start\n");
        assertThat(manager.liveIds()).containsExactly(result.sessionId());
    }

    @Test
    void yieldIsClampedToItsLimits() {
        assertThat(ExecSessionManager.clampYield(1)).isEqualTo(Duration.ofMillis(250));
        assertThat(ExecSessionManager.clampYield(5_000)).isEqualTo(Duration.ofMillis(5_000));
        assertThat(ExecSessionManager.clampYield(600_000)).isEqualTo(Duration.ofMillis(30_000));
    }

    @Test
    void startingOneMoreThanTheLimitEndsTheSessionIdleTheLongest() throws Exception {
        List<SessionResult> started = new ArrayList<>();
        for (int i = 0; i < ExecSessionManager.MAX_SESSIONS; i++) {
            // Only the second's output is needed; the others need not wait for theirs.
            Duration yield = i == 1 ? Duration.ofMillis(300) : Duration.ofMillis(1);
            started.add(manager.start(bash("echo $$; exec sleep 60", false), yield, OutputListener.NONE));
        }
        // Touch the first session so the second becomes the one idle the longest.
        manager.write(started.getFirst().sessionId(), "", Duration.ofMillis(1), id -> OutputListener.NONE);
        long secondPid = Long.parseLong(started.get(1).output().strip());

        SessionResult extra = manager.start(bash("exec sleep 60", false), Duration.ofMillis(1), OutputListener.NONE);

        assertThat(manager.liveIds()).hasSize(ExecSessionManager.MAX_SESSIONS)
                .contains(started.getFirst().sessionId(), extra.sessionId())
                .doesNotContain(started.get(1).sessionId());
        ProcessHandle.of(secondPid).ifPresent(p -> p.onExit().join());
        assertThat(ProcessHandle.of(secondPid).filter(ProcessHandle::isAlive)).isEmpty();
        assertThatThrownBy(() -> manager.write(started.get(1).sessionId(), "", SHORT, id -> OutputListener.NONE))
                .isInstanceOf(UnknownSessionException.class)
                .hasMessageContaining("no running session with id " + started.get(1).sessionId());
    }

    @Test
    void closingTheManagerEndsEverySessionAndWhatItStarted() throws Exception {
        SessionResult result = manager.start(bash("(sleep 60 & echo $!); sleep 60", false), Duration.ofMillis(500),
                OutputListener.NONE);
        long orphanPid = Long.parseLong(result.output().strip());

        manager.close();

        ProcessHandle.of(orphanPid).ifPresent(p -> p.onExit().join());
        assertThat(ProcessHandle.of(orphanPid).filter(ProcessHandle::isAlive)).isEmpty();
        assertThat(manager.liveIds()).isEmpty();
    }

    @Test
    void liveOutputReachesTheListenerOfTheCurrentCall() throws Exception {
        List<String> chunks = new java.util.concurrent.CopyOnWriteArrayList<>();
        manager.start(bash("echo one; echo two", false), LONG, (stream, text) -> chunks.add(text));

        assertThat(String.join("", chunks)).isEqualTo("one\ntwo\n");
    }

    @Test
    void aMissingWorkingDirectoryIsRefused() {
        SessionCommand command = new SessionCommand(List.of("true"), dir.resolve("missing"), Map.of(), false, "c");

        assertThatThrownBy(() -> manager.start(command, SHORT, OutputListener.NONE))
                .hasMessageContaining("does not exist");
    }
}
