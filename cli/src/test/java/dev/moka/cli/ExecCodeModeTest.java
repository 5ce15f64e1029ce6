package dev.moka.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.moka.protocol.Json;
import dev.moka.testkit.Sse;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/** Code mode through the real {@code moka exec} process: what a script's nested calls look like, and resume. */
class ExecCodeModeTest extends ProcessFixture {
    @BeforeEach
    void prepare() throws Exception {
        Files.writeString(home.resolve("config.toml"), "model = \"gpt-6.1-sol\"\napproval_policy = \"on-request\"\n");
    }

    private Map<String, String> env() {
        return MokaProcess.env(home, server.url());
    }

    private static Sse exec(String id, String callId, String script) {
        return Sse.response(id).customToolCall(callId, "functions", "exec", script).completed();
    }

    /** The texts Moka answered {@code callId} with, in the last request the server received. */
    private List<String> outputTexts(String callId) {
        for (JsonNode item : server.requests().getLast().input()) {
            if (callId.equals(item.path("call_id").asString(null)) && item.path("type").asString().endsWith("_output")) {
                List<String> texts = new ArrayList<>();
                item.get("output").forEach(part -> texts.add(part.path("text").asString()));
                return texts;
            }
        }
        throw new AssertionError("no output for " + callId);
    }

    /** The JSONL lines about items, without their ids (which number the items of a run). */
    private static List<JsonNode> items(String stdout) {
        return stdout.lines().map(Json::parse).filter(line -> line.has("item")).map(line -> {
            var copy = line.deepCopy();
            ((tools.jackson.databind.node.ObjectNode) copy.get("item")).remove("id");
            return (JsonNode) copy;
        }).toList();
    }

    @Test
    void aNestedExecCommandIsTheSameCommandExecutionItemAndTheSameLinesAsADirectOne() throws Exception {
        server.enqueue(Sse.response("r1").functionCall("d1", "exec_command", "{\"cmd\":\"echo nested-or-not\"}")
                        .completed(),
                Sse.response("r2").text("m1", "Ran it.").completed(),
                exec("r3", "s1", "const r = await tools.exec_command({cmd: \"echo nested-or-not\"});\n"
                        + "text(r.output);"),
                Sse.response("r4").text("m1", "Ran it.").completed());

        var direct = MokaProcess.run(repo, env(), "exec", "--json", "run it");
        var nested = MokaProcess.run(repo, env(), "exec", "--json", "run it");

        assertThat(direct.exitCode()).as(direct.stderr()).isZero();
        assertThat(nested.exitCode()).as(nested.stderr()).isZero();
        List<JsonNode> directItems = items(direct.stdout());
        List<JsonNode> nestedItems = items(nested.stdout());
        assertThat(directItems).extracting(l -> l.get("type").asString() + " " + l.get("item").get("type").asString())
                .containsExactly("item.started command_execution", "item.completed command_execution",
                        "item.completed agent_message");
        assertThat(nestedItems).isEqualTo(directItems);
        assertThat(nestedItems.get(1).get("item").get("command").asString()).endsWith("'echo nested-or-not'");
        assertThat(nestedItems.get(1).get("item").get("aggregated_output").asString()).isEqualTo("nested-or-not\n");
        assertThat(outputTexts("s1")).contains("nested-or-not\n");

        server.enqueue(Sse.response("r5").functionCall("d2", "exec_command", "{\"cmd\":\"echo shown\"}").completed(),
                Sse.response("r6").text("m1", "Ran it.").completed(),
                exec("r7", "s2", "await tools.exec_command({cmd: \"echo shown\"});"),
                Sse.response("r8").text("m1", "Ran it.").completed());
        var directHuman = MokaProcess.run(repo, env(), "exec", "run it");
        var nestedHuman = MokaProcess.run(repo, env(), "exec", "run it");
        assertThat(directHuman.stderr()).contains("$ echo shown\n").contains("  exit 0 in ").contains("    shown\n");
        assertThat(commandLines(nestedHuman.stderr())).isEqualTo(commandLines(directHuman.stderr()));
        assertThat(nestedHuman.stdout()).isEqualTo(directHuman.stdout());
    }

    /** The lines a command adds to exec's progress, its time left out. */
    private static List<String> commandLines(String stderr) {
        List<String> lines = stderr.lines().toList();
        int begin = 0;
        while (begin < lines.size() && !lines.get(begin).equals("$ echo shown")) {
            begin++;
        }
        assertThat(begin).as(stderr).isLessThan(lines.size() - 2);
        return lines.subList(begin, begin + 3).stream().map(l -> l.replaceAll(" in [0-9.]+s$", "")).toList();
    }

    @Test
    void storedValuesComeBackAfterExecResume() throws Exception {
        server.enqueue(exec("r1", "s1", "store('progress', {done: ['a.txt'], next: 'b.txt'});\ntext('kept');"),
                Sse.response("r2").text("m1", "Kept.").completed());
        var first = MokaProcess.run(repo, env(), "exec", "remember this");
        assertThat(first.exitCode()).as(first.stderr()).isZero();
        assertThat(outputTexts("s1")).contains("kept");
        String sessionLine = first.stderr().lines().filter(l -> l.startsWith("session id: ")).findFirst().orElseThrow();
        String id = sessionLine.substring("session id: ".length());

        server.enqueue(exec("r3", "s2", "const p = load('progress');\ntext(p.next + ' after ' + p.done.join());\n"
                        + "text(String(load('never-stored')));"),
                Sse.response("r4").text("m2", "Recalled.").completed());
        var resumed = MokaProcess.run(repo, env(), "exec", "resume", id, "what was next?");
        assertThat(resumed.exitCode()).as(resumed.stderr()).isZero();
        assertThat(resumed.stderr()).contains("(resumed)");
        List<String> texts = outputTexts("s2");
        assertThat(texts.getFirst()).startsWith("Script completed\n");
        assertThat(texts.subList(1, texts.size())).containsExactly("b.txt after a.txt", "undefined");
    }
}
