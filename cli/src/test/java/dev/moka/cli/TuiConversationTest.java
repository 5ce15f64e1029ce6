package dev.moka.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.moka.testkit.Sse;
import java.nio.file.Files;
import java.time.Duration;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The interactive UI, run for real in tmux against the mock server: what a person sees and types. */
class TuiConversationTest extends ProcessFixture {
    private static final String ANSWER = """
            # Result

            Here is **the code**:

            ```java
            public class Hello {}
            ```

            | Name | Size |
            |------|-----:|
            | a.txt | 12 |
            """;

    @BeforeEach
    void prepare() throws Exception {
        Files.writeString(repo.resolve("notes.txt"), "old line\n");
    }

    @Test
    void streamsAMarkdownAnswerWithHighlightedCodeAndATable() throws Exception {
        server.enqueue(Sse.response("r1").text("m1", ANSWER.substring(0, 40), ANSWER.substring(40)).completed());
        try (Tmux tmux = Tmux.start(repo, terminalEnv(), 80, 30, "-m", "gpt-5.1-codex")) {
            tmux.waitFor("context left");
            tmux.type("show me");
            tmux.keys("Enter");
            String screen = tmux.waitFor("└───────┴──────┘");
            assertThat(screen).contains("› show me", "# Result", "Here is the code:", "```java",
                    "public class Hello {}", "│ Name  │ Size │", "│ a.txt │   12 │");
            assertThat(tmux.colouredScreen().lines().filter(l -> l.contains("public")))
                    .singleElement().asString().contains("\u001b[35m");
            assertThat(screen.lines().filter(l -> l.contains("Ask Moka to do anything"))).hasSize(1);
            assertThat(server.requests()).hasSize(1);
        }
    }

    @Test
    void showsACommandCellAndADiffAndAsksBeforeEscalating() throws Exception {
        String patch = "*** Begin Patch\n*** Update File: notes.txt\n@@\n-old line\n+new line\n*** End Patch\n";
        server.enqueue(
                Sse.response("r1").functionCall("c1", "shell", "{\"command\":[\"echo\",\"hello from echo\"]}")
                        .completed(),
                Sse.response("r2").customToolCall("c2", "apply_patch", patch).completed(),
                Sse.response("r3").functionCall("c3", "shell", "{\"command\":[\"touch\",\"made.txt\"],"
                        + "\"with_escalated_permissions\":true,\"justification\":\"needs to write\"}").completed(),
                Sse.response("r4").text("m1", "All done.").completed());
        try (Tmux tmux = Tmux.start(repo, terminalEnv(), 80, 40, "--full-auto")) {
            tmux.waitFor("context left");
            tmux.type("work");
            tmux.keys("Enter");
            String screen = tmux.waitFor("Allow Moka to run this command?");
            assertThat(screen).contains("✓ Ran echo 'hello from echo'", "exit 0", "│ hello from echo",
                    "• Edited", "M notes.txt +1 -1", "-old line", "+new line", "$ touch made.txt",
                    "why: needs to write", "y yes");
            tmux.type("y");
            screen = tmux.waitFor("All done.");
            assertThat(screen).contains("✓ Ran touch made.txt");
            assertThat(Files.exists(repo.resolve("made.txt"))).isTrue();
        }
    }

    @Test
    void aDenialWithAReasonReachesTheModelInTheCallsOutput() throws Exception {
        server.enqueue(
                Sse.response("r1").functionCall("c1", "shell", "{\"command\":[\"touch\",\"made.txt\"],"
                        + "\"with_escalated_permissions\":true,\"justification\":\"needs to write\"}").completed(),
                Sse.response("r2").text("m1", "Understood, no file then.").completed());
        try (Tmux tmux = Tmux.start(repo, terminalEnv(), 80, 40, "--full-auto")) {
            tmux.waitFor("context left");
            tmux.type("work");
            tmux.keys("Enter");
            tmux.waitFor("r no, saying why");
            tmux.type("r");
            tmux.waitFor("Tell Moka why not");
            tmux.type("use a temp dir instead");
            tmux.waitFor("› use a temp dir instead");
            tmux.keys("Enter");
            tmux.waitFor("Understood, no file then.");
            assertThat(Files.exists(repo.resolve("made.txt"))).isFalse();
            String output = server.requests().get(1).bodyJson().path("input").valueStream()
                    .filter(i -> i.path("type").asString("").equals("function_call_output"))
                    .map(i -> i.path("output").toString()).findFirst().orElseThrow();
            assertThat(output).contains("The person denied this command", "They said: \\\"use a temp dir instead");
        }
    }

    @Test
    void escInterruptsAStalledStreamAndKeepsThePartialAnswer() throws Exception {
        server.enqueue(Sse.response("r1").text("m1", "Partial answer", " never finished").stallAfter(4,
                Duration.ofSeconds(60)));
        try (Tmux tmux = Tmux.start(repo, terminalEnv(), 80, 24)) {
            tmux.waitFor("context left");
            tmux.type("go");
            tmux.keys("Enter");
            // The last word streamed waits for the next delta (it might be the start of a secret), so a stalled
            // stream shows the words before it; the interrupt ends the stream and lets it out.
            tmux.waitFor("Partial");
            tmux.keys("Escape");
            String screen = tmux.waitFor("Interrupted");
            assertThat(screen).contains("Partial answer");
        }
    }
}
