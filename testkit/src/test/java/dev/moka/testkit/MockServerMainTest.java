package dev.moka.testkit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

class MockServerMainTest {
    @TempDir
    Path dir;

    @Test
    void toolRoundTripScenarioCallsShellThenAnswersDone() throws Exception {
        List<Reply> replies = Scenario.resource("tool-round-trip.json");
        try (var server = MockResponsesServer.start(); var http = HttpClient.newHttpClient()) {
            server.enqueue(replies);
            List<JsonNode> first = MockResponsesServerTest.dataObjects(send(http, server.url()).body());
            List<JsonNode> second = MockResponsesServerTest.dataObjects(send(http, server.url()).body());

            JsonNode call = doneItems(first).getFirst();
            assertThat(call.get("type").asString()).isEqualTo("function_call");
            assertThat(call.get("name").asString()).isEqualTo("shell");
            assertThat(call.get("arguments").asString()).isEqualTo("{\"command\":[\"echo\",\"hello\"]}");
            assertThat(doneItems(second).getFirst().get("content").get(0).get("text").asString()).isEqualTo("done");
            assertThat(second.getLast().get("type").asString()).isEqualTo("response.completed");
        }
    }

    @Test
    void scenarioStatusEntriesCarryHeadersAndBody() {
        List<Reply> replies = Scenario.parse("""
                [{"status": 429, "headers": {"retry-after": "1"}, "body": {"error": {"message": "busy"}}},
                 {"sse": [{"type": "response.created", "response": {"id": "r"}}], "drop_after": 1}]
                """, "test");

        assertThat(replies.getFirst()).isEqualTo(new StatusReply(429, "{\"error\":{\"message\":\"busy\"}}",
                List.of(new StatusReply.Header("retry-after", "1"))));
        assertThat(((Sse) replies.get(1)).dropAfterEvents()).isEqualTo(1);
    }

    @Test
    void rejectsAnEntryThatIsNeitherStreamNorStatus() {
        assertThatThrownBy(() -> Scenario.parse("[{\"oops\": 1}]", "s.json"))
                .hasMessageContaining("s.json[0]").hasMessageContaining("\"sse\"");
    }

    @Test
    void mainServesTheScenarioWritesThePortFileAndLogsArrivals() throws Exception {
        Path portFile = dir.resolve("port");
        String java = ProcessHandle.current().info().command().orElseThrow();
        Process process = new ProcessBuilder(java, "-cp", System.getProperty("java.class.path"),
                MockServerMain.class.getName(), "resource:tool-round-trip.json", portFile.toString(), "60")
                .redirectErrorStream(true).start();
        try (var http = HttpClient.newHttpClient()) {
            String url = awaitPortFile(portFile, process);
            assertThat(url).startsWith("http://127.0.0.1:").endsWith("/v1");

            assertThat(send(http, url).body()).contains("\"name\":\"shell\"");
            assertThat(send(http, url).body()).contains("\"text\":\"done\"");

            List<String> arrivals = Files.readAllLines(Path.of(portFile + ".requests"));
            assertThat(arrivals).hasSize(2).allSatisfy(line -> assertThat(Long.parseLong(line)).isPositive());
            process.getOutputStream().close();
            assertThat(process.waitFor(30, TimeUnit.SECONDS)).isTrue();
            assertThat(process.exitValue()).isZero();
        } finally {
            process.destroyForcibly();
        }
    }

    private static String awaitPortFile(Path portFile, Process process) throws Exception {
        for (int i = 0; i < 600 && process.isAlive(); i++) {
            if (Files.exists(portFile)) {
                return Files.readString(portFile).strip();
            }
            Thread.sleep(50);
        }
        String output = new String(process.getInputStream().readAllBytes());
        throw new AssertionError("no port file; process output: " + output);
    }

    private static HttpResponse<String> send(HttpClient http, String url) throws Exception {
        return http.send(HttpRequest.newBuilder(URI.create(url + "/responses"))
                .POST(HttpRequest.BodyPublishers.ofString("{}")).build(), HttpResponse.BodyHandlers.ofString());
    }

    private static List<JsonNode> doneItems(List<JsonNode> events) {
        return events.stream().filter(e -> e.get("type").asString().equals("response.output_item.done"))
                .map(e -> e.get("item")).toList();
    }
}
