package dev.moka.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.moka.testkit.Sse;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * The UI draws only when something changed: waiting for input it writes nothing to the terminal (so it takes no
 * CPU), while a running command's spinner still moves on its own.
 */
class TuiIdleTest extends ProcessFixture {
    /** Long enough for a UI that redraws on a timer to write many frames. */
    private static final long QUIET_WINDOW_MS = 2_000;

    @Test
    void aUiWaitingForInputWritesNothing() throws Exception {
        Path output = home.resolve("terminal-output");
        try (Tmux tmux = Tmux.start(repo, terminalEnv(), 100, 30)) {
            tmux.waitFor("context left");
            tmux.recordOutput(output);
            tmux.type("half a thought");
            tmux.waitFor("half a thought");
            // Time for the frame that drew the typing to reach the file through tmux.
            Thread.sleep(500);
            long before = Files.size(output);
            Thread.sleep(QUIET_WINDOW_MS);
            assertThat(Files.size(output)).as("bytes written while nobody typed").isEqualTo(before);
            tmux.type("!");
            tmux.waitFor("half a thought!");
        }
    }

    @Test
    void aRunningCommandsSpinnerMovesWithoutInput() throws Exception {
        server.enqueue(Sse.response("r1").functionCall("c1", "exec_command", "{\"cmd\":\"sleep 30\"}").completed(),
                Sse.response("r2").text("m1", "Slept.").completed());
        try (Tmux tmux = Tmux.start(repo, terminalEnv(), 100, 30, "--full-auto",
                "-c", "tools.shell_type=\"exec_command\"")) {
            tmux.waitFor("context left");
            tmux.type("wait");
            tmux.keys("Enter");
            String first = spinner(tmux.waitFor("Running sleep 30"));
            tmux.waitUntil(screen -> screen.contains("Running sleep 30") && !spinner(screen).equals(first),
                    "the spinner to move on from " + first);
            tmux.keys("Escape");
        }
    }

    private static String spinner(String screen) {
        int at = screen.indexOf(" Running sleep 30");
        return at > 0 ? screen.substring(at - 1, at) : "";
    }
}
