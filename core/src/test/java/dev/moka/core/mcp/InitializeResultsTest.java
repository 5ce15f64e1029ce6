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

class InitializeResultsTest {
    private static final TypeRef<McpSchema.InitializeResult> RESULT = new TypeRef<>() { };

    @Test
    void convertsTheEverythingServersAnswerAsJacksonDoes() throws Exception {
        Process server = new ProcessBuilder("node", McpTestServers.everything().toString(), "stdio")
                .redirectError(ProcessBuilder.Redirect.DISCARD).start();
        try {
            OutputStream stdin = server.getOutputStream();
            stdin.write(JsonRpcMessages.write(McpTransports.MAPPER, new McpSchema.JSONRPCRequest("2.0", "initialize",
                    "i-0", new McpSchema.InitializeRequest("2025-06-18", McpSchema.ClientCapabilities.builder()
                            .elicitation().build(), McpSchema.Implementation.builder("moka", "1").build()))));
            stdin.write('\n');
            stdin.flush();
            String line = new BufferedReader(new InputStreamReader(server.getInputStream(), StandardCharsets.UTF_8))
                    .readLine();
            var answer = (McpSchema.JSONRPCResponse) JsonRpcMessages.read(McpTransports.MAPPER, line);
            McpSchema.InitializeResult converted = assertSameAsJackson(answer.result());
            // The answer is copied by hand, not left to Jackson, and has the members that are.
            assertThat(InitializeResults.plain(answer.result())).isNotNull();
            assertThat(converted.serverInfo().title()).isNotBlank();
            assertThat(converted.capabilities().tools()).isNotNull();
            assertThat(converted.capabilities().resources()).isNotNull();
            assertThat(converted.instructions()).isNotBlank();
        } finally {
            server.destroy();
        }
    }

    @Test
    void convertsEveryMemberAsJacksonDoes() throws Exception {
        List<String> answers = List.of(
                "{\"protocolVersion\":\"2025-06-18\",\"capabilities\":{\"tools\":{}},\"serverInfo\":{\"name\":\"p\","
                        + "\"version\":\"1\"}}",
                "{\"protocolVersion\":\"2025-11-25\",\"capabilities\":{\"completions\":{},\"logging\":{},\"prompts\":"
                        + "{\"listChanged\":true},\"resources\":{\"subscribe\":false,\"listChanged\":true},\"tools\":"
                        + "{\"listChanged\":null},\"experimental\":{\"x\":{\"y\":[1,2.5]}},\"extensions\":{\"e\":"
                        + "{\"on\":true}}},\"serverInfo\":{\"name\":\"s\",\"title\":\"S\",\"version\":\"2\","
                        + "\"description\":\"d\",\"websiteUrl\":\"https://example.com\"},\"instructions\":\"Use it.\","
                        + "\"_meta\":{\"k\":\"v\"},\"unknown\":{\"a\":1}}",
                "{\"protocolVersion\":\"2025-06-18\",\"capabilities\":{},\"serverInfo\":{\"name\":\"p\",\"version\":"
                        + "\"1\",\"icons\":[{\"src\":\"https://example.com/i.png\"}]}}",
                "{\"protocolVersion\":\"2025-06-18\",\"capabilities\":{\"tools\":{\"listChanged\":\"true\"}},"
                        + "\"serverInfo\":{\"name\":\"p\",\"version\":\"1\"},\"unknown\":1}",
                "{\"protocolVersion\":\"2025-06-18\",\"capabilities\":{\"logging\":{\"level\":1},\"tasks\":{}},"
                        + "\"serverInfo\":{\"name\":\"p\",\"version\":\"1\"},\"instructions\":null}");
        for (String json : answers) {
            assertSameAsJackson(McpTransports.MAPPER.readValue(json, new TypeRef<Map<String, Object>>() { }));
        }
    }

    /** The members copied by hand: an SDK that adds one must have it copied before this passes again. */
    @Test
    void theResultsRecordsHaveTheMembersCopiedByHand() {
        assertThat(members(McpSchema.InitializeResult.class))
                .containsExactly("protocolVersion", "capabilities", "serverInfo", "instructions", "meta");
        assertThat(members(McpSchema.ServerCapabilities.class)).containsExactly("completions", "experimental",
                "logging", "prompts", "resources", "tools", "extensions");
        assertThat(members(McpSchema.ServerCapabilities.PromptCapabilities.class)).containsExactly("listChanged");
        assertThat(members(McpSchema.ServerCapabilities.ToolCapabilities.class)).containsExactly("listChanged");
        assertThat(members(McpSchema.ServerCapabilities.ResourceCapabilities.class))
                .containsExactly("subscribe", "listChanged");
        assertThat(members(McpSchema.ServerCapabilities.LoggingCapabilities.class)).isEmpty();
        assertThat(members(McpSchema.ServerCapabilities.CompletionCapabilities.class)).isEmpty();
        assertThat(members(McpSchema.Implementation.class))
                .containsExactly("name", "title", "version", "description", "icons", "websiteUrl");
    }

    private static List<String> members(Class<? extends Record> type) {
        return Arrays.stream(type.getRecordComponents()).map(RecordComponent::getName).toList();
    }

    private static McpSchema.InitializeResult assertSameAsJackson(Object result) {
        McpSchema.InitializeResult jackson = McpTransports.MAPPER.convertValue(result, RESULT);
        McpSchema.InitializeResult converted = StartupResults.convert(McpTransports.MAPPER, result, RESULT);
        assertThat(converted).as(String.valueOf(result)).isEqualTo(jackson);
        assertThat(converted.capabilities()).isEqualTo(jackson.capabilities());
        assertThat(converted.serverInfo()).isEqualTo(jackson.serverInfo());
        return converted;
    }
}
