package dev.moka.testkit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.moka.protocol.Json;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

class ChatSseTest {
    private final MockResponsesServer server = MockResponsesServer.start();
    private final HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();

    @AfterEach
    void stop() {
        server.close();
        http.close();
    }

    @Test
    void streamsChunksAsOpenAiCompatibleServersDoEndingWithDone() throws Exception {
        server.enqueue(ChatSse.completion("chatcmpl-1").reasoningContent("hmm").text("Hel", "lo").finish("stop")
                .usage(12, 4, 3, 1).done());

        List<String> data = dataLines(send());

        assertThat(data.getLast()).isEqualTo("[DONE]");
        List<JsonNode> chunks = data.subList(0, data.size() - 1).stream().map(Json::parse).toList();
        assertThat(chunks).allSatisfy(chunk -> {
            assertThat(chunk.get("id").asString()).isEqualTo("chatcmpl-1");
            assertThat(chunk.get("object").asString()).isEqualTo("chat.completion.chunk");
        });
        assertThat(chunks.getFirst().at("/choices/0/delta/role").asString()).isEqualTo("assistant");
        assertThat(chunks.get(1).at("/choices/0/delta/reasoning_content").asString()).isEqualTo("hmm");
        assertThat(chunks.get(2).at("/choices/0/delta/content").asString()).isEqualTo("Hel");
        assertThat(chunks.get(4).at("/choices/0/finish_reason").asString()).isEqualTo("stop");
        assertThat(chunks.get(5).get("choices")).isEmpty();
        assertThat(chunks.get(5).at("/usage/prompt_tokens_details/cached_tokens").asInt()).isEqualTo(4);
        assertThat(chunks.get(5).at("/usage/total_tokens").asInt()).isEqualTo(15);
    }

    @Test
    void parallelCallsOpenTogetherThenInterleaveTheirArguments() throws Exception {
        String longArguments = "{\"command\":[\"echo\",\"a long enough argument to split\"]}";
        server.enqueue(ChatSse.completion("chatcmpl-1").parallelToolCalls(
                new ChatSse.Call("call_a", "shell", longArguments),
                new ChatSse.Call("call_b", "shell", longArguments)).finish("tool_calls").done());

        List<JsonNode> fragments = new ArrayList<>();
        List<String> data = dataLines(send());
        data.subList(0, data.size() - 1).forEach(line -> Json.parse(line).at("/choices/0/delta/tool_calls")
                .forEach(fragments::add));

        assertThat(fragments.get(0).get("id").asString()).isEqualTo("call_a");
        assertThat(fragments.get(1).get("id").asString()).isEqualTo("call_b");
        assertThat(fragments.subList(2, fragments.size())).allSatisfy(f -> assertThat(f.has("id")).isFalse())
                .extracting(f -> f.get("index").asInt()).startsWith(0, 1, 0, 1);
        StringBuilder second = new StringBuilder();
        fragments.stream().filter(f -> f.get("index").asInt() == 1)
                .forEach(f -> second.append(f.at("/function/arguments").asString()));
        assertThat(second.toString()).isEqualTo(longArguments);
    }

    @Test
    void anErrorChunkCarriesCodeAndMessage() throws Exception {
        server.enqueue(ChatSse.completion("chatcmpl-1").text("par").error("server_error", "boom"));

        JsonNode error = Json.parse(dataLines(send()).getLast()).get("error");

        assertThat(error.get("code").asString()).isEqualTo("server_error");
        assertThat(error.get("message").asString()).isEqualTo("boom");
    }

    @Test
    void oneScriptOfAnswersRunsOnBothWires() {
        String script = """
                [{"answer": {"calls": [{"call_id": "c1", "name": "shell", "arguments": {"command": ["ls"]}},
                                       {"call_id": "c2", "name": "apply_patch", "input": "*** Begin Patch"}]}},
                 {"status": 500, "body": {"error": {"message": "flaky"}}},
                 {"answer": {"text": "done", "usage": {"input": 5, "output": 1}}}]
                """;

        List<Reply> responses = Scenario.parse(script, "s.json", Scenario.Wire.RESPONSES);
        List<Reply> chat = Scenario.parse(script, "s.json", Scenario.Wire.CHAT);

        assertThat(responses).extracting(r -> r.getClass().getSimpleName())
                .containsExactly("Sse", "StatusReply", "Sse");
        assertThat(chat).extracting(r -> r.getClass().getSimpleName())
                .containsExactly("ChatSse", "StatusReply", "ChatSse");
        String responsesText = String.join("", ((Sse) responses.getFirst()).render());
        assertThat(responsesText).contains("\"type\":\"custom_tool_call\"").contains("\"call_id\":\"c2\"");
        String chatText = String.join("", ((ChatSse) chat.getFirst()).render());
        assertThat(chatText).contains("\"id\":\"c1\"").contains("\"name\":\"apply_patch\"")
                .contains("\"finish_reason\":\"tool_calls\"").endsWith("data: [DONE]\n\n");
    }

    @Test
    void aChatScenarioRefusesRawResponsesEvents() {
        assertThatThrownBy(() -> Scenario.parse("[{\"sse\": []}]", "s.json", Scenario.Wire.CHAT))
                .hasMessageContaining("s.json[0]").hasMessageContaining("\"answer\"");
    }

    private String send() throws Exception {
        HttpRequest request = HttpRequest.newBuilder(URI.create(server.url() + "/chat/completions"))
                .POST(HttpRequest.BodyPublishers.ofString("{}")).build();
        HttpResponse<String> response = http.send(request, HttpResponse.BodyHandlers.ofString());
        assertThat(response.statusCode()).isEqualTo(200);
        return response.body();
    }

    private static List<String> dataLines(String body) {
        return body.lines().filter(line -> line.startsWith("data: ")).map(line -> line.substring(6)).toList();
    }
}
