package dev.moka.core.mcp;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.modelcontextprotocol.spec.McpSchema;
import java.util.List;
import org.junit.jupiter.api.Test;

class JsonRpcMessagesTest {
    /** Messages as servers send them, each read both ways. */
    private static final List<String> MESSAGES = List.of(
            "{\"jsonrpc\":\"2.0\",\"id\":0,\"result\":{\"protocolVersion\":\"2025-06-18\",\"capabilities\":"
                    + "{\"tools\":{\"listChanged\":true},\"logging\":{}},\"serverInfo\":{\"name\":\"s\",\"title\":\"S\","
                    + "\"version\":\"1\"},\"instructions\":\"Be kind.\",\"_meta\":{\"k\":[1,2.5,null,true]}}}",
            "{\"jsonrpc\":\"2.0\",\"id\":\"a-1\",\"result\":{\"tools\":[{\"name\":\"ping\",\"description\":\"d\","
                    + "\"inputSchema\":{\"type\":\"object\",\"properties\":{}},\"annotations\":{\"readOnlyHint\":true}}]}}",
            "{\"result\":{},\"id\":7,\"jsonrpc\":\"2.0\"}",
            "{\"jsonrpc\":\"2.0\",\"id\":9,\"result\":{},\"error\":null}",
            "{\"jsonrpc\":\"2.0\",\"id\":3,\"error\":{\"code\":-32601,\"message\":\"no such method\",\"data\":{\"m\":1}}}",
            "{\"jsonrpc\":\"2.0\",\"id\":12345678901,\"method\":\"roots/list\"}",
            "{\"jsonrpc\":\"2.0\",\"id\":\"x\",\"method\":\"elicitation/create\",\"params\":{\"message\":\"m\","
                    + "\"requestedSchema\":{\"type\":\"object\"}}}",
            "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/tools/list_changed\"}",
            "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/message\",\"params\":{\"level\":\"info\",\"data\":\"hi\"},"
                    + "\"extra\":1}",
            "{\"jsonrpc\":2,\"id\":1,\"result\":{}}");

    @Test
    void readsEveryMessageAsTheSdksReaderDoes() throws Exception {
        for (String json : MESSAGES) {
            McpSchema.JSONRPCMessage sdk = McpSchema.deserializeJsonRpcMessage(McpTransports.MAPPER, json);
            McpSchema.JSONRPCMessage read = JsonRpcMessages.read(McpTransports.MAPPER, json);
            assertThat(read).as(json).isEqualTo(sdk);
            assertThat(read.getClass()).as(json).isEqualTo(sdk.getClass());
        }
    }

    @Test
    void refusesWhatTheSdksReaderRefuses() {
        for (String json : List.of("{\"jsonrpc\":\"2.0\",\"id\":1}", "[1]", "{\"jsonrpc\":\"2.0\",\"id\":null,"
                + "\"method\":\"m\"}", "not json")) {
            assertThatThrownBy(() -> McpSchema.deserializeJsonRpcMessage(McpTransports.MAPPER, json)).as(json)
                    .isInstanceOf(Exception.class);
            assertThatThrownBy(() -> JsonRpcMessages.read(McpTransports.MAPPER, json)).as(json)
                    .isInstanceOf(Exception.class);
        }
    }
}
