package dev.moka.core.client;

import static org.assertj.core.api.Assertions.assertThat;

import dev.moka.protocol.Json;
import dev.moka.protocol.ResponseItem;
import java.util.List;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

class ChatMessagesTest {
    @Test
    void eachResponseIsOneAssistantMessageEvenWithoutAnInputBetweenTwo() {
        List<ResponseItem> items = List.of(ResponseItem.Message.user("hi"),
                ResponseItem.Message.assistant("first"),
                ResponseItem.Message.assistant("second"),
                new ResponseItem.FunctionCall(null, "shell", "{}", "c1"),
                new ResponseItem.Reasoning("chat_reasoning_content", List.of(), List.of("again"), null),
                new ResponseItem.FunctionCall(null, "shell", "{}", "c2"),
                new ResponseItem.FunctionCallOutput("c1", "a"),
                new ResponseItem.FunctionCallOutput("c2", "b"));

        String messages = Json.write(ChatMessages.of(null, items));

        assertThat(messages).isEqualTo("[{\"role\":\"user\",\"content\":\"hi\"},"
                + "{\"role\":\"assistant\",\"content\":\"first\"},"
                + "{\"role\":\"assistant\",\"content\":\"second\",\"tool_calls\":[{\"id\":\"c1\",\"type\":\"function\","
                + "\"function\":{\"name\":\"shell\",\"arguments\":\"{}\"}}]},"
                + "{\"role\":\"assistant\",\"content\":null,\"reasoning_content\":\"again\",\"tool_calls\":[{\"id\":"
                + "\"c2\",\"type\":\"function\",\"function\":{\"name\":\"shell\",\"arguments\":\"{}\"}}]},"
                + "{\"role\":\"tool\",\"tool_call_id\":\"c1\",\"content\":\"a\"},"
                + "{\"role\":\"tool\",\"tool_call_id\":\"c2\",\"content\":\"b\"}]");
    }

    @Test
    void whatAChatServerCannotReadNeitherSplitsNorJoinsAssistantMessages() {
        List<ResponseItem> items = List.of(ResponseItem.Message.user("hi"),
                ResponseItem.Message.assistant("text"),
                new ResponseItem.Reasoning("rs_1", List.of("a Responses summary"), null, "gAAAA"),
                new ResponseItem.Compaction("opaque"),
                new ResponseItem.FunctionCall(null, "shell", "{}", "c1"),
                new ResponseItem.FunctionCallOutput("c1", "out"));

        List<JsonNode> messages = list(ChatMessages.of(null, items));

        assertThat(messages).extracting(m -> m.get("role").asString()).containsExactly("user", "assistant", "tool");
        assertThat(messages.get(1).get("content").asString()).isEqualTo("text");
        assertThat(messages.get(1).get("tool_calls")).hasSize(1);
        assertThat(Json.write(messages.get(1))).doesNotContain("Responses summary").doesNotContain("gAAAA");
    }

    @Test
    void withoutInstructionsOrOpeningNotesThereIsNoSystemMessage() {
        List<ResponseItem> items = List.of(ResponseItem.Message.user("hi"), ResponseItem.Message.developer("later"));

        assertThat(list(ChatMessages.of("  ", items))).extracting(m -> m.get("role").asString())
                .containsExactly("user", "user");
    }

    /**
     * The property the prompt cache needs: wherever a request can end (after anything but the model's own
     * items, and never inside the initial context, which is sent whole with the person's first message), the
     * messages so far are the first messages of the whole conversation.
     */
    @Test
    void theMessagesOfAnyRequestBoundaryStartTheMessagesOfTheWholeConversation() {
        List<ResponseItem> items = ChatCompletionsClientRequestTest.everyShape().input();
        List<JsonNode> whole = list(ChatMessages.of("sys", items));
        int firstRequest = 4;
        assertThat(items.get(firstRequest - 1)).isInstanceOfSatisfying(ResponseItem.Message.class,
                m -> assertThat(m.text()).isEqualTo("what is this?"));
        int boundaries = 0;
        for (int end = firstRequest; end <= items.size(); end++) {
            if (ChatAssistantMessage.part(items.get(end - 1)) != null) {
                continue;
            }
            List<JsonNode> sofar = list(ChatMessages.of("sys", items.subList(0, end)));
            assertThat(whole.subList(0, sofar.size())).as("after item %d", end).isEqualTo(sofar);
            boundaries++;
        }
        assertThat(boundaries).isGreaterThan(6);
    }

    private static List<JsonNode> list(JsonNode array) {
        List<JsonNode> out = new java.util.ArrayList<>();
        array.forEach(out::add);
        return out;
    }
}
