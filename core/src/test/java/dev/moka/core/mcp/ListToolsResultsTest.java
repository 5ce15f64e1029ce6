package dev.moka.core.mcp;

import static org.assertj.core.api.Assertions.assertThat;

import dev.moka.testkit.McpTestServers;
import io.modelcontextprotocol.json.TypeRef;
import io.modelcontextprotocol.spec.McpSchema;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.lang.reflect.RecordComponent;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ListToolsResultsTest {
    private static final TypeRef<McpSchema.ListToolsResult> RESULT = new TypeRef<>() { };

    @Test
    void convertsTheEverythingServersToolsAsJacksonDoes() throws Exception {
        Process server = new ProcessBuilder("node", McpTestServers.everything().toString(), "stdio")
                .redirectError(ProcessBuilder.Redirect.DISCARD).start();
        try {
            OutputStream stdin = server.getOutputStream();
            var stdout = new BufferedReader(new InputStreamReader(server.getInputStream(), StandardCharsets.UTF_8));
            send(stdin, new McpSchema.JSONRPCRequest("2.0", "initialize", "i-0", new McpSchema.InitializeRequest(
                    "2025-06-18", McpSchema.ClientCapabilities.builder().build(),
                    McpSchema.Implementation.builder("moka", "1").build())));
            stdout.readLine();
            send(stdin, new McpSchema.JSONRPCNotification("2.0", "notifications/initialized", null));
            send(stdin, new McpSchema.JSONRPCRequest("2.0", "tools/list", "t-1", new McpSchema.PaginatedRequest(null)));
            // The server may send notifications (its log lines) first.
            McpSchema.JSONRPCMessage read = JsonRpcMessages.read(McpTransports.MAPPER, stdout.readLine());
            while (!(read instanceof McpSchema.JSONRPCResponse response && "t-1".equals(response.id()))) {
                read = JsonRpcMessages.read(McpTransports.MAPPER, stdout.readLine());
            }
            var answer = (McpSchema.JSONRPCResponse) read;
            McpSchema.ListToolsResult converted = assertSameAsJackson(answer.result());
            // Copied by hand, not left to Jackson, and a real list: schemas and annotations included.
            assertThat(ListToolsResults.plain(answer.result())).isNotNull();
            assertThat(converted.tools()).hasSizeGreaterThan(5);
            assertThat(converted.tools()).allSatisfy(tool -> assertThat(tool.inputSchema()).containsKey("type"));
            assertThat(converted.tools()).anySatisfy(tool -> assertThat(tool.annotations()).isNotNull());
        } finally {
            server.destroy();
        }
    }

    @Test
    void convertsEveryMemberAsJacksonDoesAndLeavesTheUnplainToIt() throws Exception {
        List<String> answers = List.of(
                "{\"tools\":[]}",
                "{\"tools\":[{\"name\":\"a\",\"inputSchema\":{\"type\":\"object\"}}],\"nextCursor\":\"c2\","
                        + "\"_meta\":{\"k\":[1,2.5,null]},\"unknown\":true}",
                "{\"tools\":[{\"name\":\"b\",\"title\":\"B\",\"description\":\"does b\",\"inputSchema\":{\"type\":"
                        + "\"object\",\"properties\":{\"n\":{\"type\":\"integer\",\"minimum\":1}},\"required\":[\"n\"],"
                        + "\"additionalProperties\":false},\"outputSchema\":{\"type\":\"object\"},\"annotations\":{"
                        + "\"title\":\"Bee\",\"readOnlyHint\":true,\"destructiveHint\":false,\"idempotentHint\":null,"
                        + "\"openWorldHint\":true,\"returnDirect\":false,\"other\":1},\"_meta\":{\"x\":{}},"
                        + "\"execution\":{\"taskSupport\":\"optional\"}}]}",
                "{\"tools\":[{\"name\":\"c\",\"inputSchema\":{},\"annotations\":{}}]}",
                "{\"tools\":[{\"name\":\"d\",\"inputSchema\":{},\"annotations\":null,\"title\":null}]}",
                // Not plainly shaped: Jackson decides.
                "{\"tools\":[{\"name\":\"e\",\"inputSchema\":{},\"icons\":[{\"src\":\"https://example.com/i.png\"}]}]}",
                "{\"tools\":[{\"name\":\"f\",\"inputSchema\":{},\"annotations\":{\"readOnlyHint\":\"yes\"}}]}",
                "{\"tools\":[{\"name\":\"g\",\"inputSchema\":{},\"description\":7}]}",
                "{\"tools\":{},\"nextCursor\":null}");
        for (String json : answers) {
            assertSameAsJackson(McpTransports.MAPPER.readValue(json, new TypeRef<Map<String, Object>>() { }));
        }
        assertThat(ListToolsResults.plain(McpTransports.MAPPER.readValue(answers.get(5),
                new TypeRef<Map<String, Object>>() { }))).isNull();
    }

    /** The members copied by hand: an SDK that adds one must have it copied before this passes again. */
    @Test
    void theResultsRecordsHaveTheMembersCopiedByHand() {
        assertThat(members(McpSchema.ListToolsResult.class)).containsExactly("tools", "nextCursor", "meta");
        assertThat(members(McpSchema.Tool.class)).containsExactly("name", "title", "description", "inputSchema",
                "outputSchema", "annotations", "meta", "icons");
        assertThat(members(McpSchema.ToolAnnotations.class)).containsExactly("title", "readOnlyHint",
                "destructiveHint", "idempotentHint", "openWorldHint", "returnDirect");
    }

    private static void send(OutputStream stdin, McpSchema.JSONRPCMessage message) throws Exception {
        stdin.write(JsonRpcMessages.write(McpTransports.MAPPER, message));
        stdin.write('\n');
        stdin.flush();
    }

    private static List<String> members(Class<? extends Record> type) {
        return Arrays.stream(type.getRecordComponents()).map(RecordComponent::getName).toList();
    }

    private static McpSchema.ListToolsResult assertSameAsJackson(Object result) {
        McpSchema.ListToolsResult jackson;
        try {
            jackson = McpTransports.MAPPER.convertValue(result, RESULT);
        } catch (RuntimeException e) {
            // Jackson refuses it; so must the conversion, by leaving it to Jackson.
            assertThat(ListToolsResults.plain(result)).as(String.valueOf(result)).isNull();
            return null;
        }
        McpSchema.ListToolsResult converted = StartupResults.convert(McpTransports.MAPPER, result, RESULT);
        assertThat(converted).as(String.valueOf(result)).isEqualTo(jackson);
        for (int i = 0; i < jackson.tools().size(); i++) {
            assertThat(converted.tools().get(i)).isEqualTo(jackson.tools().get(i));
            assertThat(converted.tools().get(i).annotations()).isEqualTo(jackson.tools().get(i).annotations());
        }
        return converted;
    }
}
