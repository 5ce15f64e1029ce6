package dev.moka.core.session;

import static org.assertj.core.api.Assertions.assertThat;

import dev.moka.protocol.Event;
import dev.moka.protocol.EventMsg;
import dev.moka.protocol.Op;
import dev.moka.testkit.CapturedRequest;
import dev.moka.testkit.MockResponsesServer;
import dev.moka.testkit.Sse;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

/**
 * A server that changes its tools mid-conversation: the requests' tool list never changes, the next user turn
 * starts with a developer message naming what was added and removed, and an added tool can be called.
 */
class McpListChangedSessionTest {
    @TempDir
    Path dir;

    @Test
    void changesReachTheModelAsADeveloperMessageAtTheNextTurnAndThePrefixHolds() throws Exception {
        try (MockResponsesServer server = MockResponsesServer.start()) {
            server.enqueue(
                    Sse.response("r1").created().functionCall("c1", "mcp__tester", "add_tool", "{\"name\":\"fresh\"}")
                            .functionCall("c2", "mcp__tester", "remove_tool", "{\"name\":\"crash\"}").completed(),
                    Sse.response("r2").created().text("m1", "changed").completed(),
                    Sse.response("r3").created().functionCall("c3", "mcp__tester__fresh", "{}").completed(),
                    Sse.response("r4").created().text("m2", "called").completed());
            var harness = new McpHarness(server, dir).testServer("tester", "");
            try (Session session = harness.open()) {
                SessionHarness.turn(session, "change your tools");
                awaitListed(session, "mcp__tester__fresh", "mcp__tester__crash");
                SessionHarness.turn(session, "now use the new one");
            }

            List<CapturedRequest> requests = harness.sampling();
            assertThat(requests).hasSize(4);
            JsonNode tools = McpHarness.tools(requests.getFirst());
            assertThat(tools.toString()).doesNotContain("fresh").contains("\"name\":\"crash\"");
            requests.forEach(request -> assertThat(McpHarness.tools(request)).isEqualTo(tools));
            ContextHarness.assertEachExtendsThePrevious(requests);
            List<JsonNode> third = requests.get(2).input();
            JsonNode notice = third.get(third.size() - 2);
            assertThat(notice.get("role").asString()).isEqualTo("developer");
            assertThat(ContextHarness.text(notice)).startsWith("<mcp_tools_changed>")
                    .contains("- mcp__tester__fresh: Added at run time.\n  parameters: {\"type\":\"object\","
                            + "\"properties\":{},\"required\":[]}")
                    .contains("Removed (calls to them now fail): mcp__tester__crash");
            assertThat(ContextHarness.text(third.getLast())).isEqualTo("now use the new one");
            assertThat(McpHarness.output(requests.get(3), "c3").get("output").asString()).isEqualTo("called fresh");
        }
    }

    /** Asks with {@code ListMcpTools} until {@code present} is listed and {@code absent} is not. */
    private static void awaitListed(Session session, String present, String absent) throws InterruptedException {
        for (int attempt = 0; attempt < 50; attempt++) {
            String id = session.submit(new Op.ListMcpTools());
            Event event;
            do {
                event = session.pollEvent(10, TimeUnit.SECONDS);
            } while (event != null && !(event.id().equals(id) && event.msg() instanceof EventMsg.McpListToolsResponse));
            Map<String, JsonNode> tools = ((EventMsg.McpListToolsResponse) event.msg()).tools();
            if (tools.containsKey(present) && !tools.containsKey(absent)) {
                assertThat(tools.get(present).get("name").asString()).isEqualTo("fresh");
                return;
            }
            Thread.sleep(100);
        }
        throw new AssertionError(present + " never appeared in ListMcpTools, or " + absent + " never left it");
    }
}
