package dev.moka.core.session;

import static org.assertj.core.api.Assertions.assertThat;

import dev.moka.protocol.EventMsg;
import dev.moka.testkit.CapturedRequest;
import dev.moka.testkit.MockResponsesServer;
import dev.moka.testkit.Sse;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

/** MCP servers' tools in real sessions: how they are offered, called, and what their results become. */
class McpToolsSessionTest {
    @TempDir
    Path dir;

    @Test
    void eachServerIsOneSortedNamespaceToolKeptByteForByteAcrossTheConversation() throws Exception {
        try (MockResponsesServer server = MockResponsesServer.start()) {
            server.enqueue(Sse.response("r1").created().text("m1", "one").completed(),
                    Sse.response("r2").created().text("m2", "two").completed());
            var harness = new McpHarness(server, dir).everything("everything", "").testServer("a-test", "");
            try (Session session = harness.open()) {
                SessionHarness.turn(session, "first");
                SessionHarness.turn(session, "second");
            }

            List<CapturedRequest> requests = harness.sampling();
            JsonNode tools = McpHarness.tools(requests.getFirst());
            List<String> names = new ArrayList<>();
            tools.forEach(tool -> names.add(tool.path("name").asString("") + "/" + tool.path("type").asString("")));
            assertThat(names).containsSubsequence("list_mcp_resources/function", "list_mcp_resource_templates/function",
                    "read_mcp_resource/function", "mcp__a_test/namespace", "mcp__everything/namespace");
            JsonNode everything = McpHarness.tool(requests.getFirst(), "mcp__everything");
            assertThat(everything.get("description").asString()).isEqualTo("Tools of the MCP server \"everything\".");
            List<String> members = new ArrayList<>();
            everything.get("tools").forEach(member -> members.add(member.get("name").asString()));
            assertThat(members).contains("echo", "get_sum", "get_tiny_image", "get_env").isSorted();
            JsonNode sum = everything.get("tools").get(members.indexOf("get_sum"));
            assertThat(sum.toString()).isEqualTo("{\"type\":\"function\",\"name\":\"get_sum\",\"description\":"
                    + "\"Returns the sum of two numbers\",\"strict\":false,\"parameters\":{\"type\":\"object\","
                    + "\"properties\":{\"a\":{\"type\":\"number\",\"description\":\"First number\"},\"b\":{\"type\":"
                    + "\"number\",\"description\":\"Second number\"}},\"required\":[\"a\",\"b\"]}}");
            assertThat(McpHarness.tools(requests.get(1))).isEqualTo(tools);
            ContextHarness.assertEachExtendsThePrevious(requests);
            assertThat(requests.get(1).input().toString()).as("the everything server's list_changed at start-up"
                    + " comes before the list is fixed: nothing to announce").doesNotContain("mcp_tools_changed");
        }
    }

    @Test
    void aProviderWithoutNamespacesGetsFlatSortedFunctions() throws Exception {
        try (MockResponsesServer server = MockResponsesServer.start()) {
            server.enqueue(Sse.response("r1").created().text("m1", "ok").completed());
            var harness = new McpHarness(server, dir).everything("everything", "enabled_tools = [\"echo\", \"get-sum\"]");
            harness.context.providerId = "local";
            try (Session session = harness.open()) {
                SessionHarness.turn(session, "hi");
            }

            List<String> names = new ArrayList<>();
            McpHarness.tools(harness.sampling().getFirst())
                    .forEach(tool -> names.add(tool.path("name").asString("")));
            assertThat(names).endsWith("mcp__everything__echo", "mcp__everything__get_sum");
        }
    }

    @Test
    void aCallInTheNamespaceOrByItsFlatNameRoundTripsWithItsEvents() throws Exception {
        try (MockResponsesServer server = MockResponsesServer.start()) {
            server.enqueue(
                    Sse.response("r1").created().functionCall("c1", "mcp__everything", "get_sum", "{\"a\":2,\"b\":3}")
                            .functionCall("c2", "mcp__everything__echo", "{\"message\":\"flat\"}").completed(),
                    Sse.response("r2").created().text("m1", "5").completed());
            var harness = new McpHarness(server, dir).everything("everything", "");
            List<EventMsg> events;
            try (Session session = harness.open()) {
                events = SessionHarness.turn(session, "add 2 and 3");
            }

            CapturedRequest second = harness.sampling().get(1);
            assertThat(McpHarness.output(second, "c1").get("output").asString()).isEqualTo("The sum of 2 and 3 is 5.");
            assertThat(McpHarness.output(second, "c2").get("output").asString()).isEqualTo("Echo: flat");
            assertThat(second.input()).anySatisfy(item -> assertThat(item.toString()).isEqualTo(
                    "{\"type\":\"function_call\",\"name\":\"get_sum\",\"namespace\":\"mcp__everything\","
                            + "\"arguments\":\"{\\\"a\\\":2,\\\"b\\\":3}\",\"call_id\":\"c1\"}"));
            EventMsg.McpToolCallBegin begin = events.stream().filter(EventMsg.McpToolCallBegin.class::isInstance)
                    .map(EventMsg.McpToolCallBegin.class::cast).findFirst().orElseThrow();
            assertThat(begin.server()).isEqualTo("everything");
            assertThat(begin.tool()).isEqualTo("get-sum");
            assertThat(begin.arguments().toString()).isEqualTo("{\"a\":2,\"b\":3}");
            EventMsg.McpToolCallEnd end = events.stream().filter(EventMsg.McpToolCallEnd.class::isInstance)
                    .map(EventMsg.McpToolCallEnd.class::cast).findFirst().orElseThrow();
            assertThat(end.callId()).isEqualTo("c1");
            assertThat(end.durationMs()).isNotNegative();
            assertThat(end.result().get("content").get(0).get("text").asString()).isEqualTo("The sum of 2 and 3 is 5.");
            assertThat(events.getLast()).isInstanceOf(EventMsg.TaskComplete.class);
        }
    }

    @Test
    void anImageResultReachesTheNextRequestAsAnInputImage() throws Exception {
        try (MockResponsesServer server = MockResponsesServer.start()) {
            server.enqueue(Sse.response("r1").created().functionCall("c1", "mcp__everything", "get_tiny_image", "{}")
                            .completed(),
                    Sse.response("r2").created().text("m1", "a logo").completed());
            var harness = new McpHarness(server, dir).everything("everything", "");
            List<EventMsg> events;
            try (Session session = harness.open()) {
                events = SessionHarness.turn(session, "show me");
            }

            CapturedRequest second = harness.sampling().get(1);
            assertThat(McpHarness.output(second, "c1").get("output").asString())
                    .contains("[image (image/png): shown in the next message]");
            JsonNode message = second.input().getLast();
            assertThat(message.get("role").asString()).isEqualTo("user");
            assertThat(message.get("content").get(0).get("text").asString())
                    .isEqualTo("Images from mcp__everything__get_tiny_image (call c1):");
            assertThat(message.get("content").get(1).get("type").asString()).isEqualTo("input_image");
            assertThat(message.get("content").get(1).get("image_url").asString()).startsWith("data:image/png;base64,");
            EventMsg.McpToolCallEnd end = events.stream().filter(EventMsg.McpToolCallEnd.class::isInstance)
                    .map(EventMsg.McpToolCallEnd.class::cast).findFirst().orElseThrow();
            assertThat(end.result().toString()).contains("\"type\":\"image\"").contains(" bytes]")
                    .doesNotContain("iVBOR");
        }
    }

    @Test
    void structuredContentGoesToTheModelAsItsJson() throws Exception {
        try (MockResponsesServer server = MockResponsesServer.start()) {
            server.enqueue(Sse.response("r1").created().functionCall("c1", "mcp__everything", "get_structured_content",
                            "{\"location\":\"Chicago\"}").completed(),
                    Sse.response("r2").created().text("m1", "cold").completed());
            var harness = new McpHarness(server, dir).everything("everything", "");
            try (Session session = harness.open()) {
                SessionHarness.turn(session, "weather?");
            }

            String output = McpHarness.output(harness.sampling().get(1), "c1").get("output").asString();
            assertThat(output).startsWith("{\"temperature\":").contains("\"conditions\":");
        }
    }

    @Test
    void aLongOutputIsCutLikeEveryToolOutput() throws Exception {
        String message = "lorem ipsum dolor sit amet ".repeat(8000);
        try (MockResponsesServer server = MockResponsesServer.start()) {
            server.enqueue(Sse.response("r1").created().functionCall("c1", "mcp__everything", "echo",
                            "{\"message\":\"" + message + "\"}").completed(),
                    Sse.response("r2").created().text("m1", "long").completed());
            var harness = new McpHarness(server, dir).everything("everything", "");
            try (Session session = harness.open()) {
                SessionHarness.turn(session, "echo a lot");
            }

            String output = McpHarness.output(harness.sampling().get(1), "c1").get("output").asString();
            assertThat(output).startsWith("Total output lines: 1\n\nEcho: lorem ipsum").contains(" truncated ...]\n");
            assertThat(output.length()).isLessThan(message.length() / 2);
        }
    }

    @Test
    void resourcesAreListedAndRead() throws Exception {
        try (MockResponsesServer server = MockResponsesServer.start()) {
            server.enqueue(Sse.response("r1").created()
                            .functionCall("c1", "list_mcp_resources", "{\"server\":\"everything\"}")
                            .functionCall("c2", "list_mcp_resource_templates", "{}")
                            .functionCall("c3", "read_mcp_resource",
                                    "{\"server\":\"everything\",\"uri\":\"demo://resource/dynamic/text/1\"}")
                            .functionCall("c4", "read_mcp_resource", "{\"server\":\"nowhere\",\"uri\":\"x://y\"}")
                            .completed(),
                    Sse.response("r2").created().text("m1", "read").completed());
            var harness = new McpHarness(server, dir).everything("everything", "");
            try (Session session = harness.open()) {
                SessionHarness.turn(session, "what is there?");
            }

            CapturedRequest second = harness.sampling().get(1);
            assertThat(McpHarness.output(second, "c1").get("output").asString())
                    .startsWith("{\"resources\":[{\"server\":\"everything\",\"uri\":\"demo://resource/static/document/");
            assertThat(McpHarness.output(second, "c2").get("output").asString())
                    .contains("\"uriTemplate\":\"demo://resource/dynamic/text/{resourceId}\"");
            assertThat(McpHarness.output(second, "c3").get("output").asString())
                    .startsWith("Resource demo://resource/dynamic/text/1:\n");
            assertThat(McpHarness.output(second, "c4").get("output").asString())
                    .isEqualTo("No MCP server is named \"nowhere\"; the servers are: everything.");
        }
    }
}
