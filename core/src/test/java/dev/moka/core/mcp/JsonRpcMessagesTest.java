package dev.moka.core.mcp;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.modelcontextprotocol.spec.McpSchema;
import io.modelcontextprotocol.spec.ProtocolVersions;
import dev.moka.protocol.Json;
import java.lang.reflect.RecordComponent;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import tools.jackson.databind.JsonNode;
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
    void writesTheStartUpMessagesAsJacksonDoes() throws Exception {
        var moka = McpSchema.Implementation.builder("moka", "0.1.0").build();
        var elicitation = McpSchema.ClientCapabilities.builder().elicitation().build();
        List<McpSchema.JSONRPCMessage> messages = List.of(
                initialize("a1b2-0", elicitation, moka), initialize(0, elicitation, moka),
                initialize("x", McpSchema.ClientCapabilities.builder().elicitation(true, false).build(), moka),
                initialize("x", McpSchema.ClientCapabilities.builder().elicitation(false, true).build(), moka),
                initialize("x", McpSchema.ClientCapabilities.builder().build(), moka),
                initialize("x", McpSchema.ClientCapabilities.builder().roots(true).sampling().build(), moka),
                initialize("x", elicitation, McpSchema.Implementation.builder("moka", "1").title("Moka").build()),
                initialize(5L, elicitation, moka),
                new McpSchema.JSONRPCRequest("2.0", "initialize", "m", new McpSchema.InitializeRequest("2025-06-18",
                        elicitation, moka, Map.of("k", "v"))),
                new McpSchema.JSONRPCRequest("2.0", "tools/list", "y", new McpSchema.PaginatedRequest(null)),
                new McpSchema.JSONRPCRequest("2.0", "tools/list", 3, new McpSchema.PaginatedRequest(null)),
                new McpSchema.JSONRPCRequest("2.0", "tools/list", "z", new McpSchema.PaginatedRequest("next")),
                new McpSchema.JSONRPCRequest("2.0", "tools/list", "z", new McpSchema.PaginatedRequest(null,
                        Map.of("k", 1))),
                new McpSchema.JSONRPCRequest("2.0", "ping", "p", null),
                new McpSchema.JSONRPCRequest("2.0", "ping", 4L, null),
                new McpSchema.JSONRPCNotification("2.0", "notifications/initialized", null),
                new McpSchema.JSONRPCNotification("2.0", "notifications/cancelled", Map.of("requestId", "y")));
        for (McpSchema.JSONRPCMessage message : messages) {
            JsonNode jackson = Json.MAPPER.readTree(McpTransports.MAPPER.writeValueAsBytes(message));
            byte[] written = JsonRpcMessages.write(McpTransports.MAPPER, message);
            assertThat(Json.MAPPER.readTree(written)).as(jackson.toString()).isEqualTo(jackson);
            assertThat(new String(written, StandardCharsets.UTF_8)).doesNotContain("\n");
        }
    }

    /**
     * The members the hand-written initialize request knows of: an SDK that adds one must have it written (or
     * left to Jackson) before this passes again.
     */
    @Test
    void theInitializeRequestsRecordsHaveTheMembersWrittenByHand() {
        assertThat(members(McpSchema.JSONRPCRequest.class)).containsExactly("jsonrpc", "method", "id", "params");
        assertThat(members(McpSchema.InitializeRequest.class))
                .containsExactly("protocolVersion", "capabilities", "clientInfo", "meta");
        assertThat(members(McpSchema.ClientCapabilities.class))
                .containsExactly("experimental", "roots", "sampling", "elicitation", "extensions");
        assertThat(members(McpSchema.ClientCapabilities.Elicitation.class)).containsExactly("form", "url");
        assertThat(members(McpSchema.ClientCapabilities.Elicitation.Form.class)).isEmpty();
        assertThat(members(McpSchema.ClientCapabilities.Elicitation.Url.class)).isEmpty();
        assertThat(members(McpSchema.Implementation.class))
                .containsExactly("name", "title", "version", "description", "icons", "websiteUrl");
    }

    private static McpSchema.JSONRPCRequest initialize(Object id, McpSchema.ClientCapabilities capabilities,
            McpSchema.Implementation client) {
        return new McpSchema.JSONRPCRequest("2.0", McpSchema.METHOD_INITIALIZE, id,
                new McpSchema.InitializeRequest(ProtocolVersions.MCP_2025_11_25, capabilities, client));
    }

    private static List<String> members(Class<? extends Record> type) {
        return Arrays.stream(type.getRecordComponents()).map(RecordComponent::getName).toList();
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
