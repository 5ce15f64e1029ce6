package dev.moka.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.moka.protocol.Json;
import dev.moka.testkit.MockResponsesServer;
import dev.moka.testkit.Sse;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

/** What {@code moka mcp-server} does with mistakes, and how it ends: never a crash, never a hang. */
class McpServerMistakesTest {
    @TempDir
    Path home;

    @TempDir
    Path repo;

    MockResponsesServer model;

    @BeforeEach
    void setUp() throws Exception {
        Files.createDirectories(repo.resolve(".git"));
        model = MockResponsesServer.start();
    }

    @AfterEach
    void tearDown() {
        model.close();
    }

    @Test
    void badArgumentsAreToolErrorsThatSayWhatToFix() {
        Map<String, Object> nullConfig = new HashMap<>();
        nullConfig.put("model", null);
        try (var server = McpServerProcess.start(repo, MokaProcess.env(home, model.url()))) {
            assertError(server, "moka", Map.of("cwd", repo.toString()), "\"prompt\" is required");
            assertError(server, "moka", Map.of("prompt", 42), "\"prompt\" must be a string, not a number (42)");
            assertError(server, "moka", Map.of("prompt", "hi", "approval_policy", "never"),
                    "unknown argument \"approval_policy\"", "approval-policy");
            assertError(server, "moka", Map.of("prompt", "hi", "sandbox", "none"),
                    "\"sandbox\" is \"none\"; expected one of \"read-only\"");
            assertError(server, "moka", Map.of("prompt", "hi", "config", "model=o3"), "\"config\" must be an object");
            assertError(server, "moka", Map.of("prompt", "hi", "config", nullConfig), "config \"model\" is null");
            assertError(server, "moka", Map.of("prompt", "hi", "config", Map.of("approval_policy", "sometimes")),
                    "approval_policy");
            assertError(server, "moka", Map.of("prompt", "hi", "cwd", repo.resolve("missing").toString()),
                    "does not exist");
            assertError(server, "moka-reply", Map.of("prompt", "hi"), "\"conversation_id\" is required");
            assertError(server, "moka-reply", Map.of("prompt", "hi", "conversation_id", "a", "threadId", "b"),
                    "name different conversations");
            assertError(server, "moka-reply", Map.of("prompt", "hi", "conversation_id", "0000-nope"),
                    "no conversation 0000-nope");

            // Still serving after all that, and nothing reached the model.
            assertThat(server.client().listTools().tools()).hasSize(2);
            assertThat(model.requests()).isEmpty();
            assertThat(server.stderr()).isEmpty();
        }
    }

    private static void assertError(McpServerProcess server, String tool, Map<String, Object> arguments,
            String... says) {
        var result = server.call(tool, arguments);
        assertThat(result.isError()).as("%s %s", tool, arguments).isTrue();
        assertThat(McpServerProcess.text(result)).contains(says);
    }

    @Test
    void aBadServerOverrideStopsItBeforeServingWithOneLine() throws Exception {
        var result = MokaProcess.run(repo, MokaProcess.env(home, model.url()), "mcp-server", "-c",
                "sandbox_mode=\"everything\"");

        assertThat(result.exitCode()).isEqualTo(2);
        assertThat(result.stdout()).isEmpty();
        assertThat(result.stderr().lines().toList()).hasSize(1);
        assertThat(result.stderr()).startsWith("moka: ").contains("sandbox_mode").contains("everything");
    }

    @Test
    void closingStdinMidTurnEndsTheServerAndStdoutHoldsOnlyJsonRpc() throws Exception {
        model.enqueue(Sse.response("r1").text("m1", "never seen").completed().stallAfter(0, Duration.ofSeconds(60)));
        List<String> command = MokaProcess.command("mcp-server");
        var builder = new ProcessBuilder(command).directory(repo.toFile());
        builder.environment().keySet().removeIf(k -> k.startsWith("MOKA_") || k.startsWith("OPENAI_"));
        builder.environment().putAll(MokaProcess.env(home, model.url()));
        Path stderr = Files.createTempFile(home, "stderr", ".txt");
        Process process = builder.redirectError(stderr.toFile()).start();
        var stdout = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8));
        List<String> lines = new ArrayList<>();
        try (OutputStream stdin = process.getOutputStream()) {
            send(stdin, "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":{\"protocolVersion\":"
                    + "\"2025-06-18\",\"capabilities\":{},\"clientInfo\":{\"name\":\"raw\",\"version\":\"1\"}}}");
            lines.add(stdout.readLine());
            send(stdin, "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}");
            send(stdin, "{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"tools/call\",\"params\":{\"name\":\"moka\","
                    + "\"arguments\":{\"prompt\":\"take your time\"}}}");
            model.awaitRequests(1, Duration.ofSeconds(30));
        }

        assertThat(process.waitFor(30, TimeUnit.SECONDS)).as("the server ends once its input is closed").isTrue();
        assertThat(process.exitValue()).isZero();
        stdout.lines().forEach(lines::add);
        List<JsonNode> messages = lines.stream().map(Json::parse).toList();
        assertThat(messages).allSatisfy(m -> assertThat(m.get("jsonrpc").asString()).isEqualTo("2.0"));
        assertThat(messages.getFirst().get("result").get("serverInfo").get("name").asString()).isEqualTo("moka");
        assertThat(messages).extracting(m -> Json.text(m, "method")).contains("moka/event");
        assertThat(Files.readString(stderr)).isEmpty();
        try (var sessions = Files.walk(home.resolve("sessions"))) {
            assertThat(sessions.filter(p -> p.getFileName().toString().startsWith("rollout-"))).hasSize(1);
        }
    }

    @Test
    void aClientThatSendsARequestAndClosesItsInputAtOnceStillGetsTheAnswer() throws Exception {
        var result = MokaProcess.runWithStdin(repo, MokaProcess.env(home, model.url()),
                "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":{\"protocolVersion\":"
                        + "\"2025-06-18\",\"capabilities\":{},\"clientInfo\":{\"name\":\"raw\",\"version\":\"1\"}}}\n",
                "mcp-server");

        assertThat(result.exitCode()).isZero();
        JsonNode answer = Json.parse(result.stdout().strip());
        assertThat(answer.get("id").asInt()).isEqualTo(1);
        assertThat(answer.get("result").get("serverInfo").get("name").asString()).isEqualTo("moka");
    }

    private static void send(OutputStream stdin, String line) throws Exception {
        stdin.write((line + "\n").getBytes(StandardCharsets.UTF_8));
        stdin.flush();
    }
}
