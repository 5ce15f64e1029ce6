package dev.moka.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.moka.testkit.Sse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The real moka in tmux: what a command printed and what the model streamed back of it show masked, on the
 * screen and in every byte written to the terminal, and a prompt's secret is masked in history.jsonl, while the
 * model is sent both whole.
 */
class TuiMasksSecretsTest extends ProcessFixture {
    @Test
    void commandOutputAndAStreamedAnswerAreMaskedOnScreenAndAPromptInHistory() throws Exception {
        String aws = ExecRedactsSecretsTest.AWS_KEY;
        Files.writeString(repo.resolve("creds.txt"), "aws " + aws + "\nslack " + ExecRedactsSecretsTest.SLACK_TOKEN
                + "\n" + ExecRedactsSecretsTest.PEM + "done\n");
        server.enqueue(
                Sse.response("r1").functionCall("c1", "shell", "{\"command\":[\"cat\",\"creds.txt\"]}").completed(),
                // The key is cut between two deltas, as a model may stream it.
                Sse.response("r2").text("m1", "The key is " + aws.substring(0, 9), aws.substring(9) + " indeed.")
                        .completed());
        Map<String, String> env = terminalEnv();
        env.put("MY_SERVICE_TOKEN", ExecRedactsSecretsTest.SERVICE_TOKEN);
        Path terminal = Files.createTempFile("moka-terminal", ".txt");
        try (Tmux tmux = Tmux.start(repo, env, 100, 40, "--full-auto")) {
            tmux.recordOutput(terminal);
            tmux.waitFor("context left");
            tmux.type("show creds; my token is " + ExecRedactsSecretsTest.SERVICE_TOKEN);
            tmux.keys("Enter");
            String screen = tmux.waitFor("indeed.");
            assertThat(screen).contains("The key is [REDACTED] indeed.", "│ slack [REDACTED]", "│ done");
        }
        String written = Files.readString(terminal);
        Files.delete(terminal);
        List<String> shownByMoka = List.of(aws, "IOSFODNN", ExecRedactsSecretsTest.SLACK_TOKEN,
                ExecRedactsSecretsTest.PEM_BODY, "LxoS2tFczGkPLPgizsku");
        shownByMoka.forEach(secret -> assertThat(written).doesNotContain(secret));
        assertThat(Files.readString(home.resolve("history.jsonl"))).contains("my token is [REDACTED]")
                .doesNotContain(ExecRedactsSecretsTest.SERVICE_TOKEN);
        // Once: the engine writes each prompt, and the UI no longer writes it a second time.
        assertThat(Files.readAllLines(home.resolve("history.jsonl"))).filteredOn(l -> l.contains("my token is"))
                .hasSize(1);
        String sent = server.requests().get(1).bodyJson().toString();
        assertThat(sent).contains(aws, ExecRedactsSecretsTest.SLACK_TOKEN, ExecRedactsSecretsTest.PEM_BODY,
                "my token is " + ExecRedactsSecretsTest.SERVICE_TOKEN);
    }
}
