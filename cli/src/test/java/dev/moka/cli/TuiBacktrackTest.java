package dev.moka.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.moka.testkit.Sse;
import java.nio.file.Files;
import java.util.List;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/** Esc twice on an empty composer, in the real moka in tmux: rewind the conversation to an earlier message and fork from there. */
class TuiBacktrackTest extends ProcessFixture {
    @Test
    void escTwiceStepsBackToAnEarlierMessageAndTheResentOneForksTheConversation() throws Exception {
        server.enqueue(Sse.response("r1").text("m1", "Answer one.").completed(),
                Sse.response("r2").text("m2", "Answer two.").completed(),
                Sse.response("r3").text("m3", "Answer three.").completed());
        try (Tmux tmux = Tmux.start(repo, terminalEnv(), 100, 30)) {
            tmux.waitFor("context left");
            tmux.type("first question");
            tmux.keys("Enter");
            tmux.waitFor("Answer one.");
            // A message whose input fails (its image is gone by the time it is sent) begins no turn, so stepping
            // back passes over it.
            Files.write(repo.resolve("gone.png"), new byte[] {(byte) 0x89, 'P', 'N', 'G'});
            tmux.paste("gone.png");
            tmux.waitFor("[image: gone.png]");
            Files.delete(repo.resolve("gone.png"));
            tmux.type("broken");
            tmux.keys("Enter");
            tmux.waitFor("cannot read the input");
            tmux.type("second question");
            tmux.keys("Enter");
            // Esc while the turn still runs interrupts it instead: the answer can be on screen a moment before
            // the turn has ended.
            tmux.waitUntil(x -> x.contains("Answer two.") && !x.contains("Working ("), "the second turn to end");
            tmux.keys("Escape");
            tmux.waitFor("esc again to edit an earlier message");
            tmux.keys("Escape");
            String screen = tmux.waitFor("Rewind to before which prompt? (1 of 2 back, newest first)");
            assertThat(screen.substring(screen.indexOf("Rewind to before which"))).contains("› second question",
                    "  first question");
            tmux.keys("Escape");
            screen = tmux.waitFor("Rewind to before which prompt? (2 of 2 back, newest first)");
            assertThat(screen.substring(screen.indexOf("Rewind to before which"))).contains("› first question");
            tmux.keys("Down");
            tmux.waitFor("Rewind to before which prompt? (1 of 2 back, newest first)");
            tmux.keys("Enter");
            tmux.waitFor("› Code and conversation");
            tmux.keys("Down");
            tmux.waitFor("› Conversation only");
            tmux.keys("Enter");
            screen = tmux.waitFor("Rewound the conversation to before “second question”");
            assertThat(screen.substring(screen.lastIndexOf("Rewound the conversation"))).contains("› second question");
            tmux.type(", edited");
            tmux.keys("Enter");
            tmux.waitFor("Answer three.");
        }
        List<JsonNode> second = server.requests().get(1).input();
        List<JsonNode> fork = server.requests().get(2).input();
        assertThat(fork.subList(0, fork.size() - 1)).isEqualTo(second.subList(0, second.size() - 1));
        assertThat(fork.getLast().toString()).contains("second question, edited");
        assertThat(fork.toString()).doesNotContain("Answer two.");
    }

    @Test
    void escTwiceWithNothingSaidYetSaysSo() throws Exception {
        try (Tmux tmux = Tmux.start(repo, terminalEnv(), 100, 30)) {
            tmux.waitFor("context left");
            tmux.keys("Escape");
            tmux.waitFor("esc again to edit an earlier message");
            tmux.keys("Escape");
            tmux.waitFor("No earlier message to go back to");
        }
        assertThat(server.requests()).isEmpty();
    }
}
