package dev.moka.core.client;

import static org.assertj.core.api.Assertions.assertThat;

import dev.moka.core.config.model.ModelCatalog;
import dev.moka.core.tools.ToolSpec;
import dev.moka.protocol.ContentItem;
import dev.moka.protocol.Json;
import dev.moka.protocol.ReasoningSummary;
import dev.moka.protocol.ResponseItem;
import dev.moka.protocol.Role;
import dev.moka.protocol.Verbosity;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.node.ObjectNode;

class RequestBodyEncoderTest {
    private static Prompt prompt(List<ResponseItem> items) {
        ToolSpec tool = new ToolSpec.Hosted(Json.object().put("type", "function").put("name", "shell"));
        return new Prompt(new ModelSettings(ModelCatalog.bundled().lookup("gpt-5.1"), null, ReasoningSummary.AUTO, Verbosity.LOW),
                "Be \"careful\" with <tags> and ünïcode", items, List.of(tool), Json.parse("{\"type\":\"object\"}"));
    }

    private static String expected(Prompt prompt) {
        return Json.write(ResponsesRequest.body(prompt, "conv-1"));
    }

    private static String encoded(RequestBodyEncoder encoder, Prompt prompt) {
        return new String(encoder.encode(ResponsesRequest.bodyWithoutItems(prompt, "conv-1"), prompt.input()),
                StandardCharsets.UTF_8);
    }

    @Test
    void writesTheSameBytesAsSerialisingTheWholeBodyAcrossGrowingRequests() {
        var encoder = new RequestBodyEncoder();
        List<ResponseItem> items = new ArrayList<>();
        items.add(ResponseItem.Message.developer("permissions \u2028 line separator"));
        items.add(new ResponseItem.Message(null, Role.USER, List.of(new ContentItem.InputText("look"),
                new ContentItem.InputImage("data:image/png;base64,AAAA"))));
        assertThat(encoded(encoder, prompt(items))).isEqualTo(expected(prompt(items)));

        items.add(new ResponseItem.Reasoning("rs_1", List.of("thinking"), null, "ENC=="));
        items.add(new ResponseItem.FunctionCall("fc_1", "shell", "{\"command\":[\"ls\"]}", "call_1"));
        items.add(new ResponseItem.FunctionCallOutput("call_1", "{\"output\":\"a\\nb\"}"));
        items.add(new ResponseItem.Unknown(Json.object().put("type", "future_item")));
        assertThat(encoded(encoder, prompt(items))).isEqualTo(expected(prompt(items)));
    }

    @Test
    void anEmptyHistoryStillWritesAnEmptyInputArray() {
        assertThat(encoded(new RequestBodyEncoder(), prompt(List.of()))).contains("\"input\":[]")
                .isEqualTo(expected(prompt(List.of())));
    }
}
