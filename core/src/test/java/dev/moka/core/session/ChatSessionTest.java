package dev.moka.core.session;

import static dev.moka.core.session.ContextPrefixTest.say;
import static org.assertj.core.api.Assertions.assertThat;

import dev.moka.protocol.EventMsg;
import dev.moka.protocol.Json;
import dev.moka.testkit.CapturedRequest;
import dev.moka.testkit.ChatSse;
import dev.moka.testkit.MockResponsesServer;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

/** A real session on a provider with {@code wire_api = "chat"}, over HTTP to the testkit's chat mock. */
class ChatSessionTest {
    @TempDir
    Path home;

    @TempDir
    Path work;

    MockResponsesServer server;
    ContextHarness harness;

    @BeforeEach
    void start() {
        server = MockResponsesServer.start();
        harness = new ContextHarness(server, home).chat("local");
    }

    @AfterEach
    void stop() {
        server.close();
    }

    @Test
    void aToolRoundTripSendsTheCallAsToolCallsAndItsOutputAsAToolMessage() throws Exception {
        server.enqueue(ChatSse.completion("chatcmpl-1").toolCall(0, "call_1", "shell",
                        "{\"command\":[\"echo\",\"hello from chat\"]}").finish("tool_calls").usage(100, 0, 10, 0).done(),
                ChatSse.completion("chatcmpl-2").text("It printed ", "hello.").finish("stop").usage(150, 90, 5, 0)
                        .done());
        List<EventMsg> events;
        try (Session session = harness.start(work)) {
            events = ContextHarness.run(session, say("say hello"));
        }

        assertThat(events).last().isEqualTo(new EventMsg.TaskComplete("It printed hello."));
        assertThat(events).anySatisfy(e -> assertThat(e).isInstanceOfSatisfying(EventMsg.ExecCommandEnd.class,
                end -> assertThat(end.aggregatedOutput()).contains("hello from chat")));
        assertThat(events).filteredOn(EventMsg.AgentMessageDelta.class::isInstance).hasSize(2);
        assertThat(events).filteredOn(EventMsg.TokenCount.class::isInstance).last()
                .satisfies(count -> assertThat(((EventMsg.TokenCount) count).lastTokenUsage().cachedInputTokens())
                        .isEqualTo(90));
        List<CapturedRequest> requests = server.requests();
        assertThat(requests).extracting(CapturedRequest::path).containsOnly("/v1/chat/completions");
        List<JsonNode> first = requests.get(0).messages();
        assertThat(first).extracting(ContextHarness::role).containsExactly("system", "user", "user");
        assertThat(first.get(0).get("content").asString()).startsWith("You are a test agent.\n\n<permissions")
                .endsWith("\n\nBe brief.");
        assertThat(first.get(1).get("content").asString()).startsWith("<environment_context>");
        assertThat(first.get(2).get("content").asString()).isEqualTo("say hello");

        List<JsonNode> second = requests.get(1).messages();
        assertThat(second.subList(0, first.size())).isEqualTo(first);
        JsonNode assistant = second.get(first.size());
        assertThat(Json.write(assistant)).isEqualTo("{\"role\":\"assistant\",\"content\":null,\"tool_calls\":[{\"id\":"
                + "\"call_1\",\"type\":\"function\",\"function\":{\"name\":\"shell\",\"arguments\":"
                + "\"{\\\"command\\\":[\\\"echo\\\",\\\"hello from chat\\\"]}\"}}]}");
        JsonNode tool = second.get(first.size() + 1);
        assertThat(tool.get("role").asString()).isEqualTo("tool");
        assertThat(tool.get("tool_call_id").asString()).isEqualTo("call_1");
        assertThat(Json.parse(tool.get("content").asString()).get("output").asString()).contains("hello from chat");
        assertThat(second).hasSize(first.size() + 2);
    }

    @Test
    void fragmentedParallelCallsAllRunAndTheirOutputsFollowInCallOrder() throws Exception {
        server.enqueue(ChatSse.completion("chatcmpl-1").text("Two at once.").parallelToolCalls(
                        new ChatSse.Call("call_a", "shell", "{\"command\":[\"echo\",\"first of the two calls\"]}"),
                        new ChatSse.Call("call_b", "shell", "{\"command\":[\"echo\",\"second of the two calls\"]}"))
                        .finish("tool_calls").done(),
                ChatSse.completion("chatcmpl-2").text("done").finish("stop").done());
        List<EventMsg> events;
        try (Session session = harness.start(work)) {
            events = ContextHarness.run(session, say("go"));
        }

        assertThat(events).filteredOn(EventMsg.ExecCommandEnd.class::isInstance)
                .extracting(e -> ((EventMsg.ExecCommandEnd) e).aggregatedOutput().strip())
                .containsExactly("first of the two calls", "second of the two calls");
        List<JsonNode> messages = server.requests().get(1).messages();
        JsonNode assistant = messages.get(messages.size() - 3);
        assertThat(assistant.get("content").asString()).isEqualTo("Two at once.");
        assertThat(assistant.get("tool_calls")).extracting(c -> c.get("id").asString() + " "
                + c.get("function").get("arguments").asString()).containsExactly(
                "call_a {\"command\":[\"echo\",\"first of the two calls\"]}",
                "call_b {\"command\":[\"echo\",\"second of the two calls\"]}");
        assertThat(messages.subList(messages.size() - 2, messages.size()))
                .extracting(m -> m.get("role").asString() + ":" + m.get("tool_call_id").asString())
                .containsExactly("tool:call_a", "tool:call_b");
    }

    @Test
    void reasoningIsKeptAndSentBackInTheFieldItCameIn() throws Exception {
        server.enqueue(ChatSse.completion("chatcmpl-1").reasoningContent("I should ", "look first.")
                        .toolCall(0, "call_1", "shell", "{\"command\":[\"true\"]}").finish("tool_calls").done(),
                ChatSse.completion("chatcmpl-2").reasoningIn("reasoning", "Nothing to see.").text("All clear.")
                        .finish("stop").done(),
                ChatSse.completion("chatcmpl-3").text("Yes.").finish("stop").done());
        List<EventMsg> events;
        try (Session session = harness.start(work)) {
            events = ContextHarness.run(session, say("check"));
            ContextHarness.run(session, say("sure?"));
        }

        assertThat(events).filteredOn(EventMsg.AgentReasoningRawContentDelta.class::isInstance)
                .extracting(e -> ((EventMsg.AgentReasoningRawContentDelta) e).delta())
                .containsExactly("I should ", "look first.", "Nothing to see.");
        List<JsonNode> second = server.requests().get(1).messages();
        JsonNode withCall = second.get(second.size() - 2);
        assertThat(withCall.get("reasoning_content").asString()).isEqualTo("I should look first.");
        assertThat(withCall.has("reasoning")).isFalse();
        assertThat(withCall.get("tool_calls")).hasSize(1);
        List<JsonNode> third = server.requests().get(2).messages();
        JsonNode answer = third.get(third.size() - 2);
        assertThat(answer.get("reasoning").asString()).isEqualTo("Nothing to see.");
        assertThat(answer.has("reasoning_content")).isFalse();
        assertThat(answer.get("content").asString()).isEqualTo("All clear.");
        assertThat(third.subList(0, second.size())).isEqualTo(second);
    }

    @Test
    void anAnswerCutOffByTheOutputLimitIsKeptAndThePersonIsTold() throws Exception {
        server.enqueue(ChatSse.completion("chatcmpl-1").text("The first half of a long ").finish("length").done(),
                ChatSse.completion("chatcmpl-2").text("answer.").finish("stop").done());
        List<EventMsg> events;
        try (Session session = harness.start(work)) {
            events = ContextHarness.run(session, say("write a lot"));
            ContextHarness.run(session, say("go on"));
        }

        assertThat(events).last().isEqualTo(new EventMsg.TaskComplete("The first half of a long "));
        assertThat(events).contains(new EventMsg.AgentMessage("The first half of a long "));
        assertThat(events).anySatisfy(e -> assertThat(e).isInstanceOfSatisfying(EventMsg.Warning.class,
                w -> assertThat(w.message()).contains("cut off (length)")));
        List<JsonNode> next = server.requests().get(1).messages();
        assertThat(next.get(next.size() - 2).get("content").asString()).isEqualTo("The first half of a long ");
        assertThat(next.getLast().get("content").asString()).isEqualTo("go on");
    }

    @Test
    void aCallCutOffMidArgumentsIsNotRun() throws Exception {
        server.enqueue(ChatSse.completion("chatcmpl-1").text("Running:")
                .toolCall(0, "call_1", "shell", "{\"command\":[\"touch\",\"half").finish("length").done());
        List<EventMsg> events;
        try (Session session = harness.start(work)) {
            events = ContextHarness.run(session, say("run"));
        }

        assertThat(events).noneMatch(EventMsg.ExecCommandBegin.class::isInstance);
        assertThat(events).anySatisfy(e -> assertThat(e).isInstanceOfSatisfying(EventMsg.Warning.class,
                w -> assertThat(w.message()).contains("tool calls it began were not run")));
        assertThat(events).last().isEqualTo(new EventMsg.TaskComplete("Running:"));
        assertThat(server.requests()).hasSize(1);
    }
}
