package dev.moka.core.client;

import static dev.moka.core.client.ClientTestSupport.CONVERSATION;
import static dev.moka.core.client.ClientTestSupport.ENV;
import static dev.moka.core.client.ClientTestSupport.PLAIN_MODEL;
import static dev.moka.core.client.ClientTestSupport.REASONING_MODEL;
import static dev.moka.core.client.ClientTestSupport.client;
import static dev.moka.core.client.ClientTestSupport.prompt;
import static dev.moka.core.client.ClientTestSupport.provider;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.moka.core.config.provider.ModelProviderInfo;
import dev.moka.core.config.provider.WireApi;
import dev.moka.core.tools.ToolSpec;
import dev.moka.protocol.ContentItem;
import dev.moka.protocol.Json;
import dev.moka.protocol.ReasoningEffort;
import dev.moka.protocol.ReasoningSummary;
import dev.moka.protocol.ResponseItem;
import dev.moka.protocol.Role;
import dev.moka.protocol.Verbosity;
import dev.moka.testkit.CapturedRequest;
import dev.moka.testkit.MockResponsesServer;
import dev.moka.testkit.Sse;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.node.ObjectNode;

class ResponsesClientRequestTest {
    private final MockResponsesServer server = MockResponsesServer.start();

    @AfterEach
    void stop() {
        server.close();
    }

    @Test
    void sendsTheBodyKeysInOrderWithoutReasoningForAPlainModel() throws Exception {
        ToolSpec tool = new ToolSpec.Function("shell", "Run", Json.object().put("type", "object"));
        List<ResponseItem> input = List.of(ResponseItem.Message.user("hi"),
                new ResponseItem.FunctionCall("fc_1", "shell", "{\"command\":[\"ls\"]}", "call_1"),
                new ResponseItem.FunctionCallOutput("call_1", "a.txt"),
                new ResponseItem.Unknown(Json.object().put("type", "future_item")));
        var prompt = new Prompt(new ModelSettings(PLAIN_MODEL, ReasoningEffort.HIGH, ReasoningSummary.AUTO,
                Verbosity.LOW), "Be brief.", input, List.of(tool), null);

        String body = send(provider(server.url()), ENV, prompt).body();

        assertThat(body).isEqualTo("{\"model\":\"gpt-4.1\",\"instructions\":\"Be brief.\",\"input\":["
                + "{\"type\":\"message\",\"role\":\"user\",\"content\":[{\"type\":\"input_text\",\"text\":\"hi\"}]},"
                + "{\"type\":\"function_call\",\"name\":\"shell\",\"arguments\":\"{\\\"command\\\":[\\\"ls\\\"]}\","
                + "\"call_id\":\"call_1\"},"
                + "{\"type\":\"function_call_output\",\"call_id\":\"call_1\",\"output\":\"a.txt\"}],"
                + "\"tools\":[{\"type\":\"function\",\"name\":\"shell\",\"description\":\"Run\",\"strict\":false,"
                + "\"parameters\":{\"type\":\"object\"}}],"
                + "\"tool_choice\":\"auto\",\"parallel_tool_calls\":true,\"store\":false,\"stream\":true,"
                + "\"prompt_cache_key\":\"conv-1234\"}");
    }

    @Test
    void sendsReasoningIncludeVerbosityAndSchemaForAReasoningModel() throws Exception {
        var prompt = new Prompt(new ModelSettings(REASONING_MODEL, null, ReasoningSummary.DETAILED, Verbosity.LOW),
                "Be brief.", List.of(), List.of(), Json.parse("{\"type\":\"object\"}"));

        String body = send(provider(server.url()), ENV, prompt).body();

        assertThat(body).isEqualTo("{\"model\":\"gpt-5\",\"instructions\":\"Be brief.\",\"input\":[],\"tools\":[],"
                + "\"tool_choice\":\"auto\",\"parallel_tool_calls\":true,"
                + "\"reasoning\":{\"effort\":\"medium\",\"summary\":\"detailed\"},\"store\":false,\"stream\":true,"
                + "\"include\":[\"reasoning.encrypted_content\"],\"prompt_cache_key\":\"conv-1234\","
                + "\"text\":{\"verbosity\":\"low\",\"format\":{\"type\":\"json_schema\",\"name\":\"moka_output_schema\","
                + "\"strict\":true,\"schema\":{\"type\":\"object\"}}}}");
    }

    @Test
    void leavesOutTheSummaryWhenItIsNoneAndUsesTheChosenEffort() throws Exception {
        var prompt = new Prompt(new ModelSettings(REASONING_MODEL, ReasoningEffort.LOW, ReasoningSummary.NONE, null),
                null, List.of(), List.of(), null);

        var body = send(provider(server.url()), ENV, prompt).bodyJson();

        assertThat(Json.write(body.get("reasoning"))).isEqualTo("{\"effort\":\"low\"}");
        assertThat(body.has("instructions")).isFalse();
        assertThat(body.has("text")).isFalse();
    }

    @Test
    void sendsAuthIdentitySessionAndConfiguredHeadersAndQuery() throws Exception {
        var provider = new ModelProviderInfo("azure", "Azure", server.url() + "/", "AZURE_KEY", WireApi.RESPONSES,
                Map.of("api-version", "2025-04-01 preview"), Map.of("x-static", "s1"),
                Map.of("x-from-env", "MY_HEADER", "x-unset", "NOT_SET_VAR"), 0, 0, 5_000);

        CapturedRequest request = send(provider, Map.of("AZURE_KEY", " sk-azure ", "MY_HEADER", "e1"),
                prompt(PLAIN_MODEL));

        assertThat(request.path()).isEqualTo("/v1/responses");
        assertThat(request.queryParam("api-version")).isEqualTo("2025-04-01 preview");
        assertThat(request.header("authorization")).isEqualTo("Bearer sk-azure");
        assertThat(request.header("content-type")).isEqualTo("application/json");
        assertThat(request.header("accept")).isEqualTo("text/event-stream");
        assertThat(request.header("originator")).isEqualTo("moka_cli");
        assertThat(request.header("user-agent")).startsWith("moka/0.1.0 (" + System.getProperty("os.name") + " ")
                .endsWith("; " + System.getProperty("os.arch") + ")");
        assertThat(request.header("session_id")).isEqualTo(CONVERSATION);
        assertThat(request.header("x-client-request-id")).matches("[0-9a-f-]{36}");
        assertThat(request.header("x-static")).isEqualTo("s1");
        assertThat(request.header("x-from-env")).isEqualTo("e1");
        assertThat(request.headers()).doesNotContainKey("x-unset").doesNotContainKey("upgrade");
    }

    @Test
    void givesEachAttemptItsOwnRequestIdButTheSameBody() throws Exception {
        server.enqueue(Sse.response("r1").text("m1", "x").dropAfter(2), Sse.response("r2").text("m2", "y").completed());

        try (var client = client(provider(server.url()), ENV)) {
            client.stream(prompt(PLAIN_MODEL), event -> { });
        }

        List<CapturedRequest> requests = server.requests();
        assertThat(requests).hasSize(2);
        assertThat(requests.get(0).header("x-client-request-id"))
                .isNotEqualTo(requests.get(1).header("x-client-request-id"));
        assertThat(requests.get(0).body()).isEqualTo(requests.get(1).body());
    }

    @Test
    void sendsNoAuthorizationForAProviderWithoutKey() throws Exception {
        var provider = new ModelProviderInfo("local", "Local", server.url(), null, WireApi.RESPONSES, Map.of(),
                Map.of(), Map.of(), 0, 0, 5_000);

        assertThat(send(provider, Map.of(), prompt(PLAIN_MODEL)).header("authorization")).isNull();
    }

    @Test
    void failsBeforeSendingWhenTheKeyVariableIsMissing() {
        try (var client = client(provider(server.url()), Map.of("OPENAI_API_KEY", "  "))) {
            assertThatThrownBy(() -> client.stream(prompt(PLAIN_MODEL), event -> { }))
                    .isInstanceOfSatisfying(ModelClientException.class,
                            e -> assertThat(e.kind()).isEqualTo(ModelClientException.Kind.UNAUTHORIZED))
                    .hasMessageContaining("OPENAI_API_KEY is not set");
        }
        assertThat(server.requests()).isEmpty();
    }

    @Test
    void replaysAssistantMessagesAndReasoningAsInputItems() throws Exception {
        var reasoning = new ResponseItem.Reasoning("rs_1", List.of("Plan"), null, "enc==");
        var assistant = new ResponseItem.Message("msg_1", Role.ASSISTANT, List.of(new ContentItem.OutputText("ok")));
        var prompt = new Prompt(new ModelSettings(REASONING_MODEL, null, ReasoningSummary.AUTO, null), "i",
                List.of(reasoning, assistant), List.of(), null);

        List<String> sent = new ArrayList<>();
        send(provider(server.url()), ENV, prompt).input().forEach(item -> sent.add(Json.write(item)));

        assertThat(sent).containsExactly(
                "{\"type\":\"reasoning\",\"id\":\"rs_1\",\"summary\":[{\"type\":\"summary_text\",\"text\":\"Plan\"}],"
                        + "\"encrypted_content\":\"enc==\"}",
                "{\"type\":\"message\",\"role\":\"assistant\",\"content\":[{\"type\":\"output_text\",\"text\":\"ok\"}]}");
    }

    private CapturedRequest send(ModelProviderInfo provider, Map<String, String> env, Prompt prompt)
            throws Exception {
        server.enqueue(Sse.response("resp_1").text("msg_1", "ok").completed());
        try (var client = client(provider, env)) {
            client.stream(prompt, event -> { });
        }
        return server.requests().getLast();
    }
}
