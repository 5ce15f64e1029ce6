package dev.moka.core.session;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.moka.core.mcp.McpStartupException;
import dev.moka.protocol.Event;
import dev.moka.protocol.EventMsg;
import dev.moka.testkit.McpTestServers;
import dev.moka.testkit.MockResponsesServer;
import dev.moka.testkit.Sse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** MCP servers that fail: to start, in the middle of a call, or by taking too long. The turn always goes on. */
class McpServerFailuresSessionTest {
    @TempDir
    Path dir;

    @Test
    void aServerThatDiesMidCallBecomesAnErrorOutputAndTheTurnGoesOn() throws Exception {
        try (MockResponsesServer server = MockResponsesServer.start()) {
            server.enqueue(Sse.response("r1").created().functionCall("c0", "mcp__tester", "fail", "{}")
                            .functionCall("c1", "mcp__tester", "crash", "{}").completed(),
                    Sse.response("r2").created().text("m1", "it crashed").completed());
            var harness = new McpHarness(server, dir).testServer("tester", "");
            List<EventMsg> events;
            try (Session session = harness.open()) {
                events = SessionHarness.turn(session, "crash it");
            }

            assertThat(McpHarness.output(harness.sampling().get(1), "c0").get("output").asString())
                    .isEqualTo("this tool always fails");
            assertThat(McpHarness.output(harness.sampling().get(1), "c1").get("output").asString())
                    .startsWith("The call failed: the MCP server \"tester\" exited; on stderr it said:")
                    .contains("crashing on purpose");
            assertThat(events.stream().filter(EventMsg.McpToolCallEnd.class::isInstance)
                    .map(e -> ((EventMsg.McpToolCallEnd) e).result().get("isError").asBoolean()))
                    .as("the server's own error, then the crash").containsExactly(true, true);
            assertThat(events.getLast()).isEqualTo(new EventMsg.TaskComplete("it crashed"));
        }
    }

    @Test
    void aCallPastItsToolTimeoutBecomesAnErrorOutput() throws Exception {
        try (MockResponsesServer server = MockResponsesServer.start()) {
            server.enqueue(Sse.response("r1").created().functionCall("c1", "mcp__tester", "sleep", "{\"ms\":30000}")
                            .completed(),
                    Sse.response("r2").created().text("m1", "too slow").completed());
            var harness = new McpHarness(server, dir).testServer("tester", "tool_timeout_sec = 1");
            try (Session session = harness.open()) {
                SessionHarness.turn(session, "wait");
            }

            assertThat(McpHarness.output(harness.sampling().get(1), "c1").get("output").asString()).isEqualTo(
                    "The call failed: the MCP server \"tester\" did not answer within 1 s (tool_timeout_sec) while"
                            + " calling sleep; it was told to stop, but may have done part of the work.");
        }
    }

    @Test
    void aServerThatNeverStartsIsSaidOnceAndDoesNotHoldTheFirstRequestPastItsTimeout() throws Exception {
        try (MockResponsesServer server = MockResponsesServer.start()) {
            server.enqueue(Sse.response("r1").created().text("m1", "fine").completed());
            var harness = new McpHarness(server, dir).everything("everything", "")
                    .server("mute", "command = \"sleep\"\nargs = [\"120\"]\nstartup_timeout_sec = 1");
            long opened = System.nanoTime();
            List<EventMsg> events;
            Duration firstRequestAfter;
            try (Session session = harness.open()) {
                events = new ArrayList<>(SessionHarness.turn(session, "hi"));
                firstRequestAfter = Duration.ofNanos(System.nanoTime() - opened);
                Event late;
                while ((late = session.pollEvent(500, TimeUnit.MILLISECONDS)) != null) {
                    events.add(late.msg());
                }
            }

            assertThat(firstRequestAfter).as("held by the 1 s start-up timeout, not by the server").isLessThan(
                    Duration.ofSeconds(60));
            assertThat(events.stream().filter(EventMsg.Warning.class::isInstance).map(e -> ((EventMsg.Warning) e).message())
                    .filter(m -> m.contains("mute"))).containsExactly("MCP server \"mute\" did not start, so its tools"
                    + " are not available: it did not start within 1 s (startup_timeout_sec)");
            assertThat(McpHarness.tools(harness.sampling().getFirst()).toString()).contains("mcp__everything")
                    .doesNotContain("mcp__mute");
        }
    }

    @Test
    void aRequiredServerThatFailsFailsTheStartWithTheServersOwnErrorAndSendsNothing() throws Exception {
        try (MockResponsesServer server = MockResponsesServer.start()) {
            var harness = new McpHarness(server, dir).stdio("db",
                    "[\"" + McpTestServers.testServer() + "\", \"--fail\", \"FATAL: password authentication failed\"]",
                    "required = true\nenv = { NODE_PATH = \"" + McpTestServers.nodeModules() + "\" }");

            assertThatThrownBy(harness::open).isInstanceOf(McpStartupException.class)
                    .hasMessageStartingWith("MCP server \"db\" is required (" + harness.home.resolve("config.toml")
                            + ":1: mcp_servers.db) but it exited")
                    .hasMessageContaining("FATAL: password authentication failed");
            assertThat(server.requests()).isEmpty();
        }
    }
}
