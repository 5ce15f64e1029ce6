package dev.moka.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.moka.testkit.Sse;
import org.junit.jupiter.api.Test;

/** What the screen draws in the real moka in tmux: reasoning before its answer, the start banner. */
class TuiScreenTest extends ProcessFixture {
    @Test
    void aReasoningSummaryIsItsOwnBlockBeforeItsAnswerWithItsMarkdownDrawn() throws Exception {
        String answer = "## Plan\n\nFirst paragraph of the answer.\n\n- one\n- two\n\nLast paragraph.";
        server.enqueue(Sse.response("r1").reasoning("rs1", "**Reading the notes** before answering", null)
                .text("m1", answer).completed());
        try (Tmux tmux = Tmux.start(repo, terminalEnv(), 100, 40)) {
            tmux.waitFor("context left");
            tmux.type("think first");
            tmux.keys("Enter");
            String screen = tmux.waitFor("Last paragraph.");
            assertThat(screen).contains("Reading the notes before answering").doesNotContain("**");
            assertThat(screen.indexOf("Reading the notes")).isLessThan(screen.indexOf("Plan"));
            assertThat(screen.lines().filter(l -> l.contains("Reading the notes")).count()).isEqualTo(1);
        }
    }
}
