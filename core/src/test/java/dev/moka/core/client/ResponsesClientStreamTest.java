package dev.moka.core.client;

import static dev.moka.core.client.ClientTestSupport.ENV;
import static dev.moka.core.client.ClientTestSupport.PLAIN_MODEL;
import static dev.moka.core.client.ClientTestSupport.client;
import static dev.moka.core.client.ClientTestSupport.prompt;
import static dev.moka.core.client.ClientTestSupport.provider;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.moka.core.client.ModelClientException.Kind;
import dev.moka.protocol.ContentItem;
import dev.moka.protocol.Json;
import dev.moka.protocol.ResponseItem;
import dev.moka.protocol.ResponseItemCodec;
import dev.moka.protocol.Role;
import dev.moka.protocol.TokenUsage;
import dev.moka.testkit.MockResponsesServer;
import dev.moka.testkit.Sse;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class ResponsesClientStreamTest {
    private final MockResponsesServer server = MockResponsesServer.start();
    private final List<ResponseEvent> events = new ArrayList<>();

    @AfterEach
    void stop() {
        server.close();
    }

    @Test
    void reportsTextDeltasAndReturnsTheMessageWithUsage() throws Exception {
        server.enqueue(Sse.response("resp_1").text("msg_1", "Hel", "lo").usage(100, 60, 7, 2).completed());

        CompletedResponse response = stream();

        assertThat(response.responseId()).isEqualTo("resp_1");
        assertThat(response.output()).hasSize(1).first().isInstanceOfSatisfying(ResponseItem.Message.class, m -> {
            assertThat(m.role()).isEqualTo(Role.ASSISTANT);
            assertThat(m.text()).isEqualTo("Hello");
        });
        assertThat(response.usage()).isEqualTo(new TokenUsage(100, 60, 7, 2, 107));
        assertThat(events).filteredOn(ResponseEvent.OutputTextDelta.class::isInstance)
                .containsExactly(new ResponseEvent.OutputTextDelta("msg_1", "Hel"),
                        new ResponseEvent.OutputTextDelta("msg_1", "lo"));
        assertThat(events.getFirst()).isEqualTo(new ResponseEvent.Created("resp_1"));
        assertThat(events.getLast()).isEqualTo(new ResponseEvent.Completed("resp_1", response.usage()));
    }

    @Test
    void returnsItemsInOutputOrderWithToolCallDeltas() throws Exception {
        server.enqueue(Sse.response("resp_1").reasoning("rs_1", "Look first", "enc")
                .functionCall("call_1", "shell", "{\"command\":[\"echo\",\"hello world\"]}")
                .customToolCall("call_2", "apply_patch", "*** Begin Patch\n*** End Patch").completed());

        CompletedResponse response = stream();

        assertThat(response.output()).containsExactly(
                new ResponseItem.Reasoning("rs_1", List.of("Look first"), null, "enc"),
                new ResponseItem.FunctionCall("fc_call_1", "shell", "{\"command\":[\"echo\",\"hello world\"]}",
                        "call_1"),
                new ResponseItem.CustomToolCall("ctc_call_2", "apply_patch", "*** Begin Patch\n*** End Patch",
                        "call_2"));
        String arguments = events.stream().filter(ResponseEvent.ToolCallInputDelta.class::isInstance)
                .map(e -> (ResponseEvent.ToolCallInputDelta) e).filter(d -> d.itemId().equals("fc_call_1"))
                .map(ResponseEvent.ToolCallInputDelta::delta).reduce("", String::concat);
        assertThat(arguments).isEqualTo("{\"command\":[\"echo\",\"hello world\"]}");
        assertThat(events).contains(new ResponseEvent.ReasoningSummaryPartAdded("rs_1", 0),
                new ResponseEvent.ReasoningSummaryDelta("rs_1", 0, "Look first"));
        assertThat(events).filteredOn(ResponseEvent.OutputItemDone.class::isInstance).hasSize(3);
    }

    @Test
    void reasoningItemRoundTripsByteForByte() throws Exception {
        String encrypted = "gAAAAABo" + "x".repeat(300) + "==";
        server.enqueue(Sse.response("resp_1").reasoning("rs_7", "Thinking about files", encrypted).completed());

        ResponseItem item = stream().output().getFirst();

        assertThat(Json.write(ResponseItemCodec.toJson(item))).isEqualTo("{\"type\":\"reasoning\",\"id\":\"rs_7\","
                + "\"summary\":[{\"type\":\"summary_text\",\"text\":\"Thinking about files\"}],"
                + "\"encrypted_content\":\"" + encrypted + "\"}");
    }

    @Test
    void reportsRawReasoningTextAndIgnoresUnknownEvents() throws Exception {
        server.enqueue(Sse.response("resp_1")
                .rawEvent("response.reasoning_text.delta", "{\"item_id\":\"rs_1\",\"delta\":\"hmm\"}")
                .rawEvent("response.brand_new_event", "{\"whatever\":1}")
                .text("msg_1", "ok").completed());

        CompletedResponse response = stream();

        assertThat(events).contains(new ResponseEvent.ReasoningTextDelta("rs_1", "hmm"));
        assertThat(response.output()).hasSize(1);
    }

    @Test
    void responseFailedIsAFailureWithCodeAndMessage() {
        server.enqueue(Sse.response("resp_1").failed("invalid_prompt", "The prompt was flagged"));

        assertThatThrownBy(this::stream).isInstanceOfSatisfying(ModelClientException.class,
                        e -> assertThat(e.kind()).isEqualTo(Kind.RESPONSE_FAILED))
                .hasMessageContaining("invalid_prompt").hasMessageContaining("The prompt was flagged");
        assertThat(server.requests()).hasSize(1);
    }

    @Test
    void responseFailedForContextLengthAsksForCompaction() {
        server.enqueue(Sse.response("resp_1").failed("context_length_exceeded", "Too long"));

        assertThatThrownBy(this::stream).isInstanceOfSatisfying(ModelClientException.class,
                e -> assertThat(e.kind()).isEqualTo(Kind.CONTEXT_LENGTH_EXCEEDED));
    }

    @Test
    void responseFailedWithAServerErrorIsRetried() throws Exception {
        server.enqueue(Sse.response("resp_1").failed("server_error", "oops"),
                Sse.response("resp_2").text("msg_1", "fine").completed());

        assertThat(stream().responseId()).isEqualTo("resp_2");
        assertThat(events).filteredOn(ResponseEvent.Retrying.class::isInstance).hasSize(1);
    }

    @Test
    void incompleteResponseKeepsWhatWasWrittenAndNamesTheReason() throws Exception {
        server.enqueue(Sse.response("resp_1").text("msg_1", "partial").incomplete("max_output_tokens"));

        CompletedResponse response = stream();

        assertThat(response.cutOff()).isEqualTo("max_output_tokens");
        assertThat(response.output()).containsExactly(new ResponseItem.Message("msg_1", Role.ASSISTANT,
                List.of(new ContentItem.OutputText("partial"))));
        assertThat(server.requests()).hasSize(1);
    }

    @Test
    void errorEventIsAFailure() {
        server.enqueue(Sse.response("resp_1").rawEvent("error",
                "{\"code\":\"invalid_request_error\",\"message\":\"bad tool schema\"}"));

        assertThatThrownBy(this::stream).isInstanceOfSatisfying(ModelClientException.class,
                e -> assertThat(e.kind()).isEqualTo(Kind.RESPONSE_FAILED)).hasMessageContaining("bad tool schema");
    }

    private CompletedResponse stream() throws ModelClientException {
        try (var client = client(provider(server.url()), ENV)) {
            return client.stream(prompt(PLAIN_MODEL), events::add);
        }
    }
}
