package dev.moka.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.moka.testkit.CapturedRequest;
import dev.moka.testkit.MockResponsesServer;
import dev.moka.testkit.Sse;
import io.modelcontextprotocol.spec.McpSchema;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

/**
 * {@code moka mcp-server} driven by the MCP SDK's own client: its tools, a conversation and its continuation,
 * several conversations at once.
 */
class McpServerRoundTripTest {
    @TempDir
    Path home;

    @TempDir
    Path repo;

    MockResponsesServer model;

    /** Each call blocks its caller, and the common pool may have a single thread on a small machine. */
    final ExecutorService callers = Executors.newVirtualThreadPerTaskExecutor();

    @BeforeEach
    void setUp() throws Exception {
        Files.createDirectories(repo.resolve(".git"));
        model = MockResponsesServer.start();
    }

    @AfterEach
    void tearDown() {
        model.close();
        callers.shutdownNow();
    }

    private McpServerProcess server() {
        return McpServerProcess.start(repo, MokaProcess.env(home, model.url()));
    }

    @Test
    void listsItsTwoToolsWithCodexArgumentNamesAndTheirResultShape() {
        try (var server = server()) {
            List<McpSchema.Tool> tools = server.client().listTools().tools();

            assertThat(tools).extracting(McpSchema.Tool::name).containsExactly("moka", "moka-reply");
            McpSchema.Tool moka = tools.getFirst();
            assertThat(properties(moka)).containsExactlyInAnyOrder("prompt", "model", "profile", "cwd",
                    "approval-policy", "sandbox", "config", "base-instructions", "developer-instructions",
                    "compact-prompt");
            assertThat(moka.inputSchema().get("required")).isEqualTo(List.of("prompt"));
            assertThat(schema(moka, "approval-policy").get("enum")).isEqualTo(List.of("untrusted", "on-failure",
                    "on-request", "never"));
            assertThat(schema(moka, "sandbox").get("enum")).isEqualTo(List.of("read-only", "workspace-write",
                    "danger-full-access"));
            assertThat(schema(moka, "config").get("type")).isEqualTo("object");
            McpSchema.Tool reply = tools.get(1);
            assertThat(properties(reply)).containsExactlyInAnyOrder("conversation_id", "threadId", "conversationId",
                    "prompt");
            for (McpSchema.Tool tool : tools) {
                assertThat(tool.outputSchema().get("required")).isEqualTo(List.of("threadId", "content"));
            }
            assertThat(server.stderr()).isEmpty();
        }
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> schema(McpSchema.Tool tool, String property) {
        return (Map<String, Object>) ((Map<String, Object>) tool.inputSchema().get("properties")).get(property);
    }

    @SuppressWarnings("unchecked")
    private static List<String> properties(McpSchema.Tool tool) {
        return List.copyOf(((Map<String, Object>) tool.inputSchema().get("properties")).keySet());
    }

    @Test
    void aConversationAndItsReplyCarryTheFirstTurnAndOneThreadId() {
        model.enqueue(Sse.response("r1").text("m1", "First ", "answer.").completed(),
                Sse.response("r2").text("m2", "Second answer.").completed());
        try (var server = server()) {
            var first = server.call("moka", Map.of("prompt", "first question", "cwd", repo.toString()));
            assertThat(first.isError()).as(McpServerProcess.text(first)).isFalse();
            assertThat(McpServerProcess.text(first)).isEqualTo("First answer.");
            String threadId = McpServerProcess.structured(first).get("threadId").asString();
            assertThat(McpServerProcess.structured(first).get("content").asString()).isEqualTo("First answer.");

            var second = server.call("moka-reply", Map.of("conversation_id", threadId, "prompt", "second question"));
            assertThat(McpServerProcess.text(second)).isEqualTo("Second answer.");
            assertThat(McpServerProcess.structured(second).get("threadId").asString()).isEqualTo(threadId);

            List<CapturedRequest> requests = model.requests();
            assertThat(requests).hasSize(2);
            assertExtends(requests.get(0), requests.get(1));
            assertThat(requests.get(1).input().toString()).contains("First answer.").contains("second question");
            assertThat(requests).extracting(r -> r.bodyJson().get("prompt_cache_key").asString())
                    .containsOnly(threadId);

            List<JsonNode> events = server.events();
            assertThat(events).allSatisfy(e -> assertThat(e.get("_meta").get("threadId").asString())
                    .isEqualTo(threadId));
            assertThat(events).extracting(e -> e.get("msg").get("type").asString())
                    .contains("session_configured", "task_started", "agent_message", "task_complete")
                    .containsSubsequence("task_complete", "user_message", "task_complete");
            assertThat(server.stderr()).isEmpty();
        }
    }

    private static void assertExtends(CapturedRequest earlier, CapturedRequest later) {
        List<JsonNode> before = earlier.input();
        List<JsonNode> after = later.input();
        assertThat(after.size()).isGreaterThan(before.size());
        assertThat(after.subList(0, before.size())).isEqualTo(before);
    }

    @Test
    void aReplyInANewServerReadsTheConversationBackFromItsRollout() {
        model.enqueue(Sse.response("r1").text("m1", "Remembered.").completed(),
                Sse.response("r2").text("m2", "Still here.").completed());
        String threadId;
        try (var server = server()) {
            var first = server.call("moka", Map.of("prompt", "remember 42", "cwd", repo.toString(),
                    "sandbox", "workspace-write"));
            threadId = McpServerProcess.structured(first).get("threadId").asString();
        }
        try (var server = server()) {
            // Codex's clients name the conversation threadId.
            var reply = server.call("moka-reply", Map.of("threadId", threadId, "prompt", "what was it?"));
            assertThat(reply.isError()).as(McpServerProcess.text(reply)).isFalse();
            assertThat(McpServerProcess.text(reply)).isEqualTo("Still here.");
            assertThat(McpServerProcess.structured(reply).get("threadId").asString()).isEqualTo(threadId);
        }
        List<CapturedRequest> requests = model.requests();
        assertExtends(requests.get(0), requests.get(1));
        assertThat(requests.get(1).input().toString()).contains("remember 42").contains("Remembered.")
                .contains("what was it?");
        assertThat(requests.get(1).bodyJson().get("prompt_cache_key").asString()).isEqualTo(threadId);
    }

    @Test
    void theCallsArgumentsReachTheRequest() {
        model.enqueue(Sse.response("r1").text("m1", "ok").completed());
        try (var server = server()) {
            var result = server.call("moka", Map.of("prompt", "go", "cwd", repo.toString(), "model", "gpt-5.1",
                    "base-instructions", "You are a test double.", "developer-instructions", "Answer briefly.",
                    "config", Map.of("model_verbosity", "high")));
            assertThat(result.isError()).as(McpServerProcess.text(result)).isFalse();
        }
        JsonNode body = model.requests().getFirst().bodyJson();
        assertThat(body.get("model").asString()).isEqualTo("gpt-5.1");
        assertThat(body.get("instructions").asString()).isEqualTo("You are a test double.");
        assertThat(body.get("input").toString()).contains("Answer briefly.");
        assertThat(body.get("text").get("verbosity").asString()).isEqualTo("high");
    }

    @Test
    void aSecondConversationRunsWhileTheFirstWaitsForItsModel() throws Exception {
        // The first request to arrive is held for a while: a server running one call at a time could only send
        // the second request after it.
        model.enqueue(Sse.response("r1").text("m1", "Slow answer.").completed().stallAfter(0, Duration.ofSeconds(8)),
                Sse.response("r2").text("m2", "Quick answer.").completed());
        try (var server = server()) {
            var slow = CompletableFuture.supplyAsync(() -> server.call("moka", Map.of("prompt", "question one",
                    "cwd", repo.toString()), "call-one"), callers);
            model.awaitRequests(1, Duration.ofSeconds(30));
            var quick = CompletableFuture.supplyAsync(() -> server.call("moka", Map.of("prompt", "question two",
                    "cwd", repo.toString()), "call-two"), callers);

            McpSchema.CallToolResult second = quick.get(60, TimeUnit.SECONDS);
            assertThat(slow).as("the first call is still waiting for its model").isNotDone();
            McpSchema.CallToolResult first = slow.get(60, TimeUnit.SECONDS);

            assertThat(McpServerProcess.text(first)).isEqualTo("Slow answer.");
            assertThat(McpServerProcess.text(second)).isEqualTo("Quick answer.");
            String firstId = McpServerProcess.structured(first).get("threadId").asString();
            String secondId = McpServerProcess.structured(second).get("threadId").asString();
            assertThat(firstId).isNotEqualTo(secondId);
            List<CapturedRequest> requests = model.requests();
            assertThat(requests.get(0).input().toString()).contains("question one");
            assertThat(requests.get(0).bodyJson().get("prompt_cache_key").asString()).isEqualTo(firstId);
            assertThat(requests.get(1).input().toString()).contains("question two").doesNotContain("question one");
            assertThat(requests.get(1).bodyJson().get("prompt_cache_key").asString()).isEqualTo(secondId);
            // Each call's events carry its progress token and name its own conversation.
            assertThat(server.events()).allSatisfy(e -> assertThat(e.get("_meta").get("threadId").asString())
                    .isEqualTo(e.get("_meta").get("progressToken").asString().equals("call-one") ? firstId : secondId));
            assertThat(server.events()).extracting(e -> e.get("_meta").get("progressToken").asString())
                    .contains("call-one", "call-two");
        }
    }

    @Test
    void aReplyToAConversationThatIsStillWorkingIsRefusedNotInterleaved() throws Exception {
        model.enqueue(Sse.response("r1").text("m1", "Done.").completed().stallAfter(0, Duration.ofSeconds(8)));
        try (var server = server()) {
            var running = CompletableFuture.supplyAsync(() -> server.call("moka", Map.of("prompt", "long job",
                    "cwd", repo.toString())), callers);
            model.awaitRequests(1, Duration.ofSeconds(30));
            String threadId = server.events().getFirst().get("_meta").get("threadId").asString();

            var reply = server.call("moka-reply", Map.of("conversation_id", threadId, "prompt", "are you done?"));

            assertThat(reply.isError()).isTrue();
            assertThat(McpServerProcess.text(reply)).contains("still busy with another call").contains(threadId);
            assertThat(McpServerProcess.text(running.get(60, TimeUnit.SECONDS))).isEqualTo("Done.");
            assertThat(model.requests()).hasSize(1);
        }
    }
}
