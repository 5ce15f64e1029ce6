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
    void theDefaultModelIsOfferedCodeModeStillRunsADirectExecCommandAndTakesMax() throws Exception {
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
        // gpt-6.1-sol is code-mode only: exec and wait in an additional_tools item, the other tools nested in
        // exec's description; a direct exec_command call is still run, as Codex does.
        assertThat(first.has("tools")).isFalse();
        JsonNode functions = first.get("input").get(0).get("tools").get(0);
        List<String> tools = new ArrayList<>();
        functions.get("tools").forEach(tool -> tools.add(tool.get("type").asString() + ":" + tool.get("name").asString()));
        assertThat(tools).containsExactly("custom:exec", "function:wait");
        assertThat(functions.get("tools").get(0).get("description").asString()).contains("exec_command(args:")
                .contains("write_stdin(args:").contains("apply_patch(input: string)").doesNotContain(" shell(");
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
