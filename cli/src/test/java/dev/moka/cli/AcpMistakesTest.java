package dev.moka.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.moka.protocol.Json;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/**
 * What {@code moka acp} answers to a client's mistakes, written as raw lines (no SDK would send most of them): each
 * gets a JSON-RPC error that says what was wrong, and the agent goes on serving.
 */
class AcpMistakesTest extends ProcessFixture {
    @Test
    void everyMistakeIsAnsweredWithAClearErrorAndServingGoesOn() throws Exception {
        List<String> lines = List.of(
                "this is not JSON",
                "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"session/fly\",\"params\":{}}",
                "{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"session/new\",\"params\":{\"cwd\":\"relative/dir\","
                        + "\"mcpServers\":[]}}",
                "{\"jsonrpc\":\"2.0\",\"id\":3,\"method\":\"session/prompt\",\"params\":{\"sessionId\":\"nope\","
                        + "\"prompt\":[{\"type\":\"text\",\"text\":\"hi\"}]}}",
                "{\"jsonrpc\":\"2.0\",\"id\":4,\"method\":\"session/new\",\"params\":{\"cwd\":\"" + repo + "\","
                        + "\"mcpServers\":[{\"name\":\"bad name!\",\"command\":\"x\",\"args\":[],\"env\":[]}]}}",
                "{\"jsonrpc\":\"2.0\",\"id\":5,\"method\":\"session/load\",\"params\":{\"sessionId\":"
                        + "\"0199a000-0000-7000-8000-000000000000\",\"cwd\":\"" + repo + "\",\"mcpServers\":[]}}",
                "{\"jsonrpc\":\"2.0\",\"id\":6,\"method\":\"initialize\",\"params\":{\"protocolVersion\":1}}");
        ProcessBuilder builder = new ProcessBuilder(MokaProcess.command("acp")).directory(home.toFile());
        builder.environment().keySet().removeIf(k -> k.startsWith("MOKA_") || k.startsWith("OPENAI_"));
        builder.environment().putAll(MokaProcess.env(home, server.url()));
        builder.redirectError(Files.createTempFile("acp-err", ".txt").toFile());
        Process process = builder.start();
        OutputStream in = process.getOutputStream();
        for (String line : lines) {
            in.write((line + "\n").getBytes(StandardCharsets.UTF_8));
        }
        in.flush();
        List<JsonNode> answers = new ArrayList<>();
        var out = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8));
        while (answers.size() < lines.size()) {
            answers.add(Json.parse(out.readLine()));
        }
        in.close();
        assertThat(out.readLine()).as("nothing more after the input ends").isNull();
        assertThat(process.waitFor(30, TimeUnit.SECONDS)).isTrue();
        assertThat(process.exitValue()).isZero();

        assertThat(answers).hasSize(lines.size());
        assertThat(error(answers, null)).startsWith("-32700: not a JSON message");
        assertThat(error(answers, 1)).isEqualTo("-32601: Moka has no method session/fly");
        assertThat(error(answers, 2)).isEqualTo("-32602: cwd relative/dir is not an absolute path");
        assertThat(error(answers, 3)).startsWith("-32002: no session nope is open");
        assertThat(error(answers, 4)).contains("-32602: an MCP server's name must be").contains("bad name!");
        assertThat(error(answers, 5)).startsWith("-32002: no session 0199a000-0000-7000-8000-000000000000 is"
                + " recorded");
        assertThat(answers).anySatisfy(a -> assertThat(a.path("result").path("protocolVersion").asInt())
                .isEqualTo(1));
        assertThat(server.requests()).isEmpty();
    }

    @Test
    void requestsPipedInAreAllAnsweredBeforeMokaExits() throws Exception {
        String piped = "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":{\"protocolVersion\":1}}\n"
                + "{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"session/list\",\"params\":{\"cwd\":\"" + repo + "\"}}\n";

        var result = MokaProcess.runWithStdin(home, MokaProcess.env(home, server.url()), piped, "acp");

        assertThat(result.exitCode()).as(result.stderr()).isZero();
        List<JsonNode> answers = result.stdout().lines().map(Json::parse).toList();
        assertThat(answers).extracting(a -> a.get("id").asInt()).containsExactlyInAnyOrder(1, 2);
        assertThat(answers).allSatisfy(a -> assertThat(a.has("result")).as(a.toString()).isTrue());
    }

    /** "code: message" of the error answering request {@code id} (null: the one with no id). */
    private static String error(List<JsonNode> answers, Integer id) {
        JsonNode answer = answers.stream().filter(a -> id == null ? a.get("id").isNull()
                : a.get("id").asInt(-1) == id).findFirst().orElseThrow();
        return answer.get("error").get("code").asInt() + ": " + answer.get("error").get("message").asString();
    }
}
