package dev.moka.testkit;

import static org.assertj.core.api.Assertions.assertThat;

import dev.moka.protocol.Json;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

class MockResponsesServerTest {
    private final MockResponsesServer server = MockResponsesServer.start();
    private final HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();

    @AfterEach
    void stop() {
        server.close();
        http.close();
    }

    @Test
    void streamsEventsInOrderWithSequenceNumbers() throws Exception {
        server.enqueue(Sse.response("resp_1").text("msg_1", "Hello", " world").usage(10, 4, 3, 0).completed());

        HttpResponse<String> response = http.send(post("/responses", "{}"), HttpResponse.BodyHandlers.ofString());

        assertThat(response.statusCode()).isEqualTo(200);
        assertThat(response.headers().firstValue("content-type")).hasValue("text/event-stream");
        List<JsonNode> events = dataObjects(response.body());
        assertThat(events).extracting(e -> e.get("type").asString()).containsExactly(
                "response.created", "response.output_item.added", "response.content_part.added",
                "response.output_text.delta", "response.output_text.delta", "response.output_text.done",
                "response.content_part.done", "response.output_item.done", "response.completed");
        assertThat(events).extracting(e -> e.get("sequence_number").asInt())
                .containsExactly(0, 1, 2, 3, 4, 5, 6, 7, 8);
        assertThat(events.get(3).get("delta").asString()).isEqualTo("Hello");
        assertThat(events.get(7).get("item").get("content").get(0).get("text").asString()).isEqualTo("Hello world");
        JsonNode usage = events.get(8).get("response").get("usage");
        assertThat(usage.get("input_tokens_details").get("cached_tokens").asInt()).isEqualTo(4);
        assertThat(usage.get("total_tokens").asInt()).isEqualTo(13);
        assertThat(response.body()).startsWith("event: response.created\ndata: {\"type\":\"response.created\"");
    }

    @Test
    void fixtureTextIsWhatTheServerSends() throws Exception {
        Sse sse = Sse.response("resp_1").reasoning("rs_1", "Thinking", "b64==").functionCall("call_1", "shell",
                "{\"command\":[\"echo\",\"a rather long argument\"]}").completed();
        server.enqueue(sse);

        HttpResponse<String> response = http.send(post("/responses", "{}"), HttpResponse.BodyHandlers.ofString());

        assertThat(response.body()).isEqualTo(sse.toFixture());
        List<JsonNode> events = dataObjects(response.body());
        assertThat(events).filteredOn(e -> e.get("type").asString().equals("response.function_call_arguments.delta"))
                .hasSizeGreaterThan(1);
        JsonNode reasoning = events.stream().filter(e -> e.get("type").asString().equals("response.output_item.done"))
                .findFirst().orElseThrow().get("item");
        assertThat(Json.write(reasoning)).isEqualTo("{\"type\":\"reasoning\",\"id\":\"rs_1\",\"summary\":"
                + "[{\"type\":\"summary_text\",\"text\":\"Thinking\"}],\"encrypted_content\":\"b64==\"}");
    }

    @Test
    void dropAfterClosesTheConnectionWithoutTerminalEvent() throws Exception {
        server.enqueue(Sse.response("resp_1").text("msg_1", "a", "b", "c").completed().dropAfter(3));
        URI url = URI.create(server.url());

        // A raw socket shows exactly what went over the wire, which an HTTP client would hide.
        String wire;
        try (var socket = new Socket(url.getHost(), url.getPort())) {
            socket.getOutputStream().write(("POST /v1/responses HTTP/1.1\r\nHost: localhost\r\n"
                    + "Content-Length: 2\r\n\r\n{}").getBytes(StandardCharsets.US_ASCII));
            wire = new String(socket.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        }

        assertThat(wire).startsWith("HTTP/1.1 200").contains("Transfer-encoding: chunked")
                .doesNotContain("response.completed").doesNotEndWith("0\r\n\r\n");
        assertThat(wire.lines().filter(line -> line.startsWith("data: "))).hasSize(3);
    }

    @Test
    void stallAfterPausesThenSendsTheRest() throws Exception {
        server.enqueue(Sse.response("resp_1").text("msg_1", "x").completed().stallAfter(2, Duration.ofMillis(50)));

        HttpResponse<String> response = http.send(post("/responses", "{}"), HttpResponse.BodyHandlers.ofString());

        assertThat(dataObjects(response.body())).last().extracting(e -> e.get("type").asString())
                .isEqualTo("response.completed");
    }

    @Test
    void statusReplySendsCodeHeadersAndBody() throws Exception {
        server.enqueue(Reply.status(429, "{\"error\":{\"message\":\"slow down\"}}").header("retry-after", "2"));

        HttpResponse<String> response = http.send(post("/responses", "{}"), HttpResponse.BodyHandlers.ofString());

        assertThat(response.statusCode()).isEqualTo(429);
        assertThat(response.headers().firstValue("retry-after")).hasValue("2");
        assertThat(response.body()).isEqualTo("{\"error\":{\"message\":\"slow down\"}}");
    }

    @Test
    void capturesEveryRequestWithHeadersQueryAndBody() throws Exception {
        server.enqueue(Reply.status(200, "{}"));
        HttpRequest request = HttpRequest.newBuilder(URI.create(server.url() + "/responses?api-version=2025"))
                .header("Authorization", "Bearer k").header("x-extra", "1")
                .POST(HttpRequest.BodyPublishers.ofString("{\"model\":\"m\",\"input\":[{\"type\":\"message\"},"
                        + "{\"type\":\"function_call_output\"}]}"))
                .build();

        http.send(request, HttpResponse.BodyHandlers.discarding());

        CapturedRequest captured = server.awaitRequests(1, Duration.ofSeconds(5)).getFirst();
        assertThat(captured.method()).isEqualTo("POST");
        assertThat(captured.path()).isEqualTo("/v1/responses");
        assertThat(captured.queryParam("api-version")).isEqualTo("2025");
        assertThat(captured.header("authorization")).isEqualTo("Bearer k");
        assertThat(captured.header("X-EXTRA")).isEqualTo("1");
        assertThat(captured.bodyJson().get("model").asString()).isEqualTo("m");
        assertThat(captured.input()).extracting(i -> i.get("type").asString())
                .containsExactly("message", "function_call_output");
    }

    @Test
    void answers500AndStillRecordsWhenNoReplyIsQueued() throws Exception {
        HttpResponse<String> response = http.send(post("/other", "x"), HttpResponse.BodyHandlers.ofString());

        assertThat(response.statusCode()).isEqualTo(500);
        assertThat(response.body()).contains("no reply queued for request 1 (POST /v1/other)");
        assertThat(server.requests()).hasSize(1);
    }

    private HttpRequest post(String path, String body) {
        return HttpRequest.newBuilder(URI.create(server.url() + path))
                .POST(HttpRequest.BodyPublishers.ofString(body)).build();
    }

    static List<JsonNode> dataObjects(String sse) {
        List<JsonNode> events = new ArrayList<>();
        for (String line : sse.split("\n")) {
            if (line.startsWith("data: ")) {
                events.add(Json.parse(line.substring("data: ".length())));
            }
        }
        return events;
    }
}
