package dev.moka.core.client;

import static dev.moka.core.client.ClientTestSupport.ENV;
import static dev.moka.core.client.ClientTestSupport.PLAIN_MODEL;
import static dev.moka.core.client.ClientTestSupport.chatClient;
import static dev.moka.core.client.ClientTestSupport.chatProvider;
import static org.assertj.core.api.Assertions.assertThat;

import dev.moka.core.tools.ToolSpec;
import dev.moka.protocol.ContentItem;
import dev.moka.protocol.Json;
import dev.moka.protocol.ReasoningSummary;
import dev.moka.protocol.ResponseItem;
import dev.moka.protocol.Role;
import dev.moka.protocol.TokenUsage;
import dev.moka.testkit.ChatSse;
import dev.moka.testkit.MockResponsesServer;
import dev.moka.testkit.Reply;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** Chunks of a streamed chat answer turned into the events and items the Responses path produces. */
class ChatCompletionsClientStreamTest {
    private static final List<ToolSpec> TOOLS = List.of(
            new ToolSpec.Function("shell", "Runs.", Json.object().put("type", "object")),
            new ToolSpec.Freeform("apply_patch", "Patch.", "lark", "start: /.+/"));

    private final MockResponsesServer server = MockResponsesServer.start();
    private final List<ResponseEvent> events = new ArrayList<>();

    @AfterEach
    void stop() {
        server.close();
    }

    @Test
    void aTextAnswerEmitsTheEventsOfTheResponsesPathAndItsUsage() throws Exception {
        server.enqueue(ChatSse.completion("chatcmpl-9").text("Hel", "lo").finish("stop").usage(100, 60, 7, 2).done());

        CompletedResponse response = stream();

        ResponseItem.Message message = new ResponseItem.Message(null, Role.ASSISTANT,
                List.of(new ContentItem.OutputText("Hello")));
        TokenUsage usage = new TokenUsage(100, 60, 7, 2, 107);
        assertThat(events).containsExactly(new ResponseEvent.Created("chatcmpl-9"),
                new ResponseEvent.OutputItemAdded(new ResponseItem.Message(null, Role.ASSISTANT, List.of())),
                new ResponseEvent.OutputTextDelta("", "Hel"), new ResponseEvent.OutputTextDelta("", "lo"),
                new ResponseEvent.OutputItemDone(message), new ResponseEvent.Completed("chatcmpl-9", usage));
        assertThat(response).isEqualTo(new CompletedResponse("chatcmpl-9", List.of(message), usage, null));
    }

    @Test
    void fragmentedParallelCallsAreAssembledByIndexWithTheIdsOfTheirFirstFragments() throws Exception {
        String first = "{\"command\":[\"grep\",\"-rn\",\"a pattern long enough to split\",\"src\"]}";
        String second = "{\"command\":[\"ls\",\"-la\",\"a/directory/long/enough/to/split\"]}";
        server.enqueue(ChatSse.completion("chatcmpl-1").parallelToolCalls(new ChatSse.Call("call_a", "shell", first),
                new ChatSse.Call("call_b", "shell", second)).finish("tool_calls").done());

        CompletedResponse response = stream();

        assertThat(response.output()).containsExactly(new ResponseItem.FunctionCall(null, "shell", first, "call_a"),
                new ResponseItem.FunctionCall(null, "shell", second, "call_b"));
        StringBuilder streamedB = new StringBuilder();
        events.stream().filter(ResponseEvent.ToolCallInputDelta.class::isInstance)
                .map(ResponseEvent.ToolCallInputDelta.class::cast)
                .filter(d -> d.itemId().equals("call_b")).forEach(d -> streamedB.append(d.delta()));
        assertThat(streamedB.toString()).isEqualTo(second);
        assertThat(events).filteredOn(ResponseEvent.OutputItemAdded.class::isInstance).hasSize(2);
    }

    @Test
    void callsSentWholeWithoutIndexOrIdGetIdsOfTheirOwn() throws Exception {
        String chunk = "{\"id\":\"x\",\"choices\":[{\"index\":0,\"delta\":{\"tool_calls\":[{\"type\":\"function\","
                + "\"function\":{\"name\":\"shell\",\"arguments\":{\"command\":[\"%s\"]}}}]},\"finish_reason\":null}]}";
        server.enqueue(ChatSse.raw().rawData(chunk.formatted("ls")).rawData(chunk.replace("\"type\"",
                "\"id\":\"second\",\"type\"").formatted("pwd")).finish("tool_calls").done());

        CompletedResponse response = stream();

        assertThat(response.output()).containsExactly(
                new ResponseItem.FunctionCall(null, "shell", "{\"command\":[\"ls\"]}", "call_x_0"),
                new ResponseItem.FunctionCall(null, "shell", "{\"command\":[\"pwd\"]}", "second"));
    }

    @Test
    void reasoningIsAnItemNamedAfterItsFieldAndStreamsAsRawReasoning() throws Exception {
        server.enqueue(ChatSse.completion("chatcmpl-1").reasoningIn("reasoning", "Think", "ing.").text("Done.")
                .finish("stop").done());

        CompletedResponse response = stream();

        assertThat(response.output().getFirst()).isEqualTo(
                new ResponseItem.Reasoning("chat_reasoning", List.of(), List.of("Thinking."), null));
        assertThat(events).filteredOn(ResponseEvent.ReasoningTextDelta.class::isInstance).containsExactly(
                new ResponseEvent.ReasoningTextDelta("chat_reasoning", "Think"),
                new ResponseEvent.ReasoningTextDelta("chat_reasoning", "ing."));
    }

    @Test
    void aFreeformToolsCallComesBackAsTheCustomCallOfTheResponsesPath() throws Exception {
        server.enqueue(ChatSse.completion("chatcmpl-1")
                .toolCall(0, "call_p", "apply_patch", "{\"input\":\"*** Begin Patch\\n*** End Patch\\n\"}")
                .toolCall(1, "call_q", "apply_patch", "*** Begin Patch\n*** End Patch\n")
                .finish("tool_calls").done());

        CompletedResponse response = stream();

        assertThat(response.output()).containsExactly(
                new ResponseItem.CustomToolCall(null, "apply_patch", "*** Begin Patch\n*** End Patch\n", "call_p"),
                new ResponseItem.CustomToolCall(null, "apply_patch", "*** Begin Patch\n*** End Patch\n", "call_q"));
    }

    @Test
    void lengthIsACutOffAnswerThatKeepsItsText() throws Exception {
        server.enqueue(ChatSse.completion("chatcmpl-1").text("half an ans").finish("length").done());

        CompletedResponse response = stream();

        assertThat(response.cutOff()).isEqualTo("length");
        assertThat(((ResponseItem.Message) response.output().getFirst()).text()).isEqualTo("half an ans");
        assertThat(server.requests()).hasSize(1);
    }

    @Test
    void aStreamThatEndsAfterItsFinishButWithoutDoneIsWhole() throws Exception {
        server.enqueue(ChatSse.completion("chatcmpl-1").text("ok").finish("stop"));

        assertThat(stream().output()).hasSize(1);
        assertThat(server.requests()).hasSize(1);
    }

    @Test
    void aStreamThatEndsBeforeItsFinishIsRetried() throws Exception {
        server.enqueue(ChatSse.completion("chatcmpl-1").text("o"),
                ChatSse.completion("chatcmpl-2").text("ok").finish("stop").done());

        assertThat(stream().responseId()).isEqualTo("chatcmpl-2");
        assertThat(events).filteredOn(ResponseEvent.Retrying.class::isInstance).singleElement()
                .satisfies(r -> assertThat(((ResponseEvent.Retrying) r).reason())
                        .contains("/v1/chat/completions ended before a finish reason and data: [DONE]"));
    }

    @Test
    void aMalformedChunkBreaksTheStreamWhichIsRetried() throws Exception {
        server.enqueue(ChatSse.completion("chatcmpl-1").rawData("{not json"),
                ChatSse.completion("chatcmpl-2").text("ok").finish("stop").done());

        assertThat(stream().responseId()).isEqualTo("chatcmpl-2");
        assertThat(events).anySatisfy(e -> assertThat(e).isInstanceOfSatisfying(ResponseEvent.Retrying.class,
                r -> assertThat(r.reason()).contains("malformed chat completion chunk")));
    }

    @Test
    void cachedTokensAreReadAsDeepSeekReportsThem() throws Exception {
        server.enqueue(ChatSse.completion("chatcmpl-1").text("ok").finish("stop")
                .rawData("{\"id\":\"chatcmpl-1\",\"choices\":[],\"usage\":{\"prompt_tokens\":50,\"completion_tokens\":5,"
                        + "\"total_tokens\":55,\"prompt_cache_hit_tokens\":40,\"prompt_cache_miss_tokens\":10}}")
                .done());

        assertThat(stream().usage()).isEqualTo(new TokenUsage(50, 40, 5, 0, 55));
    }

    @Test
    void aServersMidStreamRateLimitIsRetried() throws Exception {
        server.enqueue(ChatSse.completion("chatcmpl-1")
                        .rawData("{\"error\":{\"code\":429,\"message\":\"Provider returned error\"}}"),
                ChatSse.completion("chatcmpl-2").text("ok").finish("stop").done());

        assertThat(stream().responseId()).isEqualTo("chatcmpl-2");
        assertThat(events).anySatisfy(e -> assertThat(e).isInstanceOfSatisfying(ResponseEvent.Retrying.class,
                r -> assertThat(r.reason()).contains("rate_limit_exceeded").contains("Provider returned error")));
    }

    @Test
    void statusRepliesAreNotStreamsButStillAnswerTheQueue() throws Exception {
        server.enqueue(Reply.status(503, "{\"error\":{\"message\":\"warming up\"}}"),
                ChatSse.completion("chatcmpl-2").text("ok").finish("stop").done());

        assertThat(stream().responseId()).isEqualTo("chatcmpl-2");
    }

    private CompletedResponse stream() throws ModelClientException {
        var prompt = new Prompt(new ModelSettings(PLAIN_MODEL, null, ReasoningSummary.AUTO, null), "Be brief.",
                List.of(ResponseItem.Message.user("hi")), TOOLS, null);
        try (var client = chatClient(chatProvider(server.url(), 2, 2, 5_000), ENV)) {
            return client.stream(prompt, events::add);
        }
    }
}
