package dev.moka.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.moka.testkit.Sse;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/** Today's default model, as a new user meets it: the tools it was trained on, and the efforts it takes. */
class ExecCurrentModelTest extends ProcessFixture {
    @BeforeEach
    void prepare() throws Exception {
        Files.writeString(home.resolve("config.toml"), "model_reasoning_effort = \"max\"\n");
    }

    @Test
    void theDefaultModelGetsExecCommandAndTheFreeformPatchAndTakesMax() throws Exception {
        server.enqueue(Sse.response("r1").functionCall("call_1", "exec_command", "{\"cmd\":\"echo hello-from-exec\"}")
                        .completed(),
                Sse.response("r2").text("m1", "Ran it.").completed());

        var result = MokaProcess.run(repo, MokaProcess.env(home, server.url()), "exec", "run it");

        assertThat(result.exitCode()).as(result.stderr()).isZero();
        assertThat(result.stdout()).isEqualTo("Ran it.\n");
        assertThat(result.stderr()).contains("model: gpt-6.1-sol").doesNotContain("Unknown tool");
        JsonNode first = server.requests().getFirst().bodyJson();
        assertThat(first.get("model").asString()).isEqualTo("gpt-6.1-sol");
        assertThat(first.get("reasoning").get("effort").asString()).isEqualTo("max");
        List<String> tools = new ArrayList<>();
        first.get("tools").forEach(tool -> tools.add(tool.get("type").asString() + ":" + tool.get("name").asString()));
        assertThat(tools).contains("function:exec_command", "function:write_stdin", "custom:apply_patch")
                .doesNotContain("function:shell");
        assertThat(server.requests().getLast().bodyJson().toString()).contains("hello-from-exec");
    }

    @Test
    void anEffortTheModelDoesNotTakeIsRefusedBeforeAnythingIsSent() throws Exception {
        var result = MokaProcess.run(repo, MokaProcess.env(home, server.url()), "exec", "-m", "gpt-6-luna",
                "-c", "model_reasoning_effort=\"ultra\"", "hi");

        assertThat(result.exitCode()).isEqualTo(2);
        assertThat(result.stderr()).contains("gpt-6-luna does not take \"ultra\"; it takes \"low\", \"medium\","
                + " \"high\", \"xhigh\", \"max\"");
        assertThat(server.requests()).isEmpty();
    }
}
