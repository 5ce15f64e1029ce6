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

/** Several conversations in one {@code moka mcp-server} at once, each its own session. */
class McpServerConcurrencyTest {
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

    @Test
    void aSecondConversationRunsWhileTheFirstWaitsForItsModel() throws Exception {
        // The first request to arrive is held for a while: a server running one call at a time could only send
        // the second request after it.
        model.enqueue(Sse.response("r1").text("m1", "Slow answer.").completed().stallAfter(0, Duration.ofSeconds(8)),
                Sse.response("r2").text("m2", "Quick answer.").completed());
        try (var server = McpServerProcess.start(repo, MokaProcess.env(home, model.url()))) {
            var slow = CompletableFuture.supplyAsync(() -> server.call("moka", Map.of("prompt", "question one",
                    "cwd", repo.toString())), callers);
            model.awaitRequests(1, Duration.ofSeconds(30));
            var quick = CompletableFuture.supplyAsync(() -> server.call("moka", Map.of("prompt", "question two",
                    "cwd", repo.toString())), callers);

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
            // Each conversation's events name their own conversation.
            assertThat(server.events()).extracting(e -> e.get("_meta").get("threadId").asString())
                    .containsOnly(firstId, secondId);
        }
    }

    @Test
    void aReplyToAConversationThatIsStillWorkingIsRefusedNotInterleaved() throws Exception {
        model.enqueue(Sse.response("r1").text("m1", "Done.").completed().stallAfter(0, Duration.ofSeconds(8)));
        try (var server = McpServerProcess.start(repo, MokaProcess.env(home, model.url()))) {
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
