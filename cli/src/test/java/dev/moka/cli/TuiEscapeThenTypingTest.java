package dev.moka.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.moka.testkit.Sse;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/**
 * A person who presses Esc to stop an answer and at once starts typing the next message: tmux (like a person's
 * terminal) writes the Esc alone, then the letters in a later write. The Esc must stop the turn, not be taken
 * for Alt with the first letter, and every letter must reach the composer.
 */
class TuiEscapeThenTypingTest extends ProcessFixture {
    @Test
    void escFollowedAtOnceByTypingStopsTheTurnAndKeepsTheLetters() throws Exception {
        server.enqueue(Sse.response("r1").text("m1", "Partial answer", " never finished").stallAfter(4,
                Duration.ofSeconds(60)));
        server.enqueue(Sse.response("r2").text("m2", "Second answer.").completed());
        try (Tmux tmux = Tmux.start(repo, terminalEnv(), 80, 24)) {
            tmux.waitFor("context left");
            tmux.type("go");
            tmux.keys("Enter");
            tmux.waitFor("Partial answer");
            // Two tmux commands, two writes to the pane: the Esc is a read of its own, the letters come right after.
            tmux.keys("Escape");
            tmux.type("abc");
            String screen = tmux.waitFor("Interrupted");
            assertThat(screen).contains("Partial answer");
            tmux.waitUntil(s -> s.contains("› abc"), "the letters in the composer");
            tmux.keys("Enter");
            tmux.waitFor("Second answer.");
        }
        String input = server.requests().get(1).bodyJson().path("input").toString();
        assertThat(input).contains("\"text\":\"abc\"").doesNotContain("\"text\":\"bc\"");
    }
}
