package dev.moka.core.client;

import static dev.moka.core.client.ClientTestSupport.ENV;
import static dev.moka.core.client.ClientTestSupport.PLAIN_MODEL;
import static dev.moka.core.client.ClientTestSupport.chatClient;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.moka.core.client.ModelClientException.Kind;
import dev.moka.core.config.provider.ModelProviderInfo;
import dev.moka.core.config.provider.WireApi;
import dev.moka.core.tools.ToolSpec;
import dev.moka.protocol.ContentItem;
import dev.moka.protocol.Json;
import dev.moka.protocol.ReasoningSummary;
import dev.moka.protocol.ResponseItem;
import dev.moka.protocol.Role;
import dev.moka.testkit.CapturedRequest;
import dev.moka.testkit.ChatSse;
import dev.moka.testkit.MockResponsesServer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/** What a chat request looks like on the wire; the full shape is kept as a golden file. */
class ChatCompletionsClientRequestTest {
    private static final Path GOLDEN = Path.of("src/test/resources/golden/chat-request.json");

    private final MockResponsesServer server = MockResponsesServer.start();

    @AfterEach
    void stop() {
        server.close();
    }

    /** Every kind of item and tool, in the order a conversation produces them. */
    static Prompt everyShape() {
        List<ResponseItem> history = List.of(
                ResponseItem.Message.developer("<permissions instructions>sandboxed</permissions instructions>"),
                ResponseItem.Message.developer("Be brief."),
                ResponseItem.Message.user("<environment_context>\n  <cwd>/w</cwd>\n</environment_context>"),
                new ResponseItem.Message(null, Role.USER, List.of(new ContentItem.InputText("what is this?"),
                        new ContentItem.InputImage("data:image/png;base64,iVBORw0KGgo="))),
                new ResponseItem.Reasoning("chat_reasoning_content", List.of(), List.of("Look, then fix."), null),
                ResponseItem.Message.assistant("A logo. Fixing the notes."),
                new ResponseItem.FunctionCall(null, "shell", "{\"command\":[\"ls\"]}", "call_1"),
                new ResponseItem.CustomToolCall(null, "apply_patch", "*** Begin Patch\n*** End Patch\n", "call_2"),
                new ResponseItem.FunctionCallOutput("call_1", "notes.md"),
                new ResponseItem.CustomToolCallOutput("call_2", "Done!"),
                new ResponseItem.Reasoning("rs_from_responses", List.of("summary"), null, "gAAAA=="),
                new ResponseItem.WebSearchCall(Json.object().put("type", "web_search_call").put("id", "ws_1")),
                new ResponseItem.Compaction("ENCRYPTED"),
                new ResponseItem.Unknown(Json.object().put("type", "future_item")),
                ResponseItem.Message.developer("<model_switch>now another model</model_switch>"),
                ResponseItem.Message.user("and now?"),
                new ResponseItem.Reasoning("chat_reasoning", List.of(), List.of("Nothing left."), null),
                ResponseItem.Message.assistant("Nothing left to do."));
        List<ToolSpec> tools = List.of(
                new ToolSpec.Function("shell", "Runs a command.", (ObjectNode) Json.parse(
                        "{\"type\":\"object\",\"properties\":{\"command\":{\"type\":\"array\"}}}")),
                new ToolSpec.Freeform("apply_patch", "Send the raw patch.", "lark", "start: \"*** Begin Patch\"",
                        "Send the patch as the `input` argument."),
                new ToolSpec.Hosted(Json.object().put("type", "web_search")));
        return new Prompt(new ModelSettings(PLAIN_MODEL, null, ReasoningSummary.AUTO, null), "You are Moka.",
                history, tools, Json.parse("{\"type\":\"object\"}"));
    }

    @Test
    void theRequestCarriesEveryShapeAsTheGoldenFileHasIt() throws Exception {
        CapturedRequest request = send(provider(Map.of("api-version", "2025-01-01")), everyShape());

        String pretty = Json.MAPPER.writerWithDefaultPrettyPrinter().writeValueAsString(request.bodyJson()) + "\n";
        if (Boolean.getBoolean("moka.golden.update")) {
            Files.writeString(GOLDEN, pretty);
        }
        assertThat(pretty).isEqualTo(Files.readString(GOLDEN, StandardCharsets.UTF_8));
        assertThat(request.path()).isEqualTo("/v1/chat/completions");
        assertThat(request.queryParam("api-version")).isEqualTo("2025-01-01");
        assertThat(request.header("authorization")).isEqualTo("Bearer sk-test-key");
        assertThat(request.header("accept")).isEqualTo("text/event-stream");
        assertThat(request.header("session_id")).isEqualTo(ClientTestSupport.CONVERSATION);
        assertThat(request.header("originator")).isEqualTo("moka_cli");
        assertThat(request.header("x-client-request-id")).isNotBlank();
    }

    @Test
    void theSameHistoryGivesTheSameBytesEveryTime() throws Exception {
        String first = send(provider(Map.of()), everyShape()).body();
        server.enqueue(answer());
        String second;
        try (var client = chatClient(provider(Map.of()), ENV)) {
            client.stream(everyShape(), event -> { });
            second = server.requests().getLast().body();
        }
        assertThat(second).isEqualTo(first);
    }

    @Test
    void aRequestWithoutToolsNamesNoToolChoice() throws Exception {
        var prompt = new Prompt(new ModelSettings(PLAIN_MODEL, null, ReasoningSummary.AUTO, null), null,
                List.of(ResponseItem.Message.user("summarise")), List.of(), null);

        JsonNode body = send(provider(Map.of()), prompt).bodyJson();

        assertThat(body.properties()).extracting(Map.Entry::getKey)
                .containsExactly("model", "messages", "stream", "stream_options");
        assertThat(Json.write(body.get("messages"))).isEqualTo("[{\"role\":\"user\",\"content\":\"summarise\"}]");
    }

    @Test
    void aNamespaceGoesAsFlatFunctionsBecauseChatCompletionsHasNone() throws Exception {
        ObjectNode echo = (ObjectNode) Json.parse("{\"type\":\"object\",\"properties\":{\"text\":{\"type\":\"string\"}}}");
        var prompt = new Prompt(new ModelSettings(PLAIN_MODEL, null, ReasoningSummary.AUTO, null), null,
                List.of(ResponseItem.Message.user("echo hi")), List.of(new ToolSpec.Namespace("mcp__everything",
                        "Tools of the everything server.", List.of(new ToolSpec.Function("echo", "Echoes.", echo)))),
                null);

        JsonNode tools = send(provider(Map.of()), prompt).bodyJson().get("tools");

        assertThat(Json.write(tools)).isEqualTo("[{\"type\":\"function\",\"function\":{\"name\":"
                + "\"mcp__everything__echo\",\"description\":\"Echoes.\",\"parameters\":" + Json.write(echo) + "}}]");
    }

    @Test
    void aMissingKeyIsRefusedBeforeAnythingIsSent() {
        assertThatThrownBy(() -> send(provider(Map.of()), Map.of(), everyShape()))
                .isInstanceOfSatisfying(ModelClientException.class, e -> assertThat(e.kind()).isEqualTo(Kind.UNAUTHORIZED))
                .hasMessageContaining("OPENAI_API_KEY is not set");
        assertThat(server.requests()).isEmpty();
    }

    private ModelProviderInfo provider(Map<String, String> query) {
        return new ModelProviderInfo("local", "Local", server.url(), "OPENAI_API_KEY", WireApi.CHAT, query, Map.of(),
                Map.of(), 0, 0, 5_000);
    }

    private static ChatSse answer() {
        return ChatSse.completion("chatcmpl-1").text("ok").finish("stop").done();
    }

    private CapturedRequest send(ModelProviderInfo provider, Prompt prompt) throws Exception {
        return send(provider, ENV, prompt);
    }

    private CapturedRequest send(ModelProviderInfo provider, Map<String, String> env, Prompt prompt)
            throws Exception {
        server.enqueue(answer());
        try (var client = chatClient(provider, env)) {
            client.stream(prompt, event -> { });
        }
        return server.requests().getLast();
    }
}
