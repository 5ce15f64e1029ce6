package dev.moka.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.moka.testkit.CapturedRequest;
import dev.moka.testkit.ChatSse;
import dev.moka.testkit.MockResponsesServer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

/** `moka exec` against a local server that only speaks Chat Completions, configured as a person would. */
class ExecChatProviderTest {
    @TempDir
    Path home;

    @TempDir
    Path repo;

    MockResponsesServer server;

    @BeforeEach
    void setUp() throws Exception {
        Files.createDirectories(repo.resolve(".git"));
        server = MockResponsesServer.start();
        Files.writeString(home.resolve("config.toml"), """
                model = "qwen3-coder-30b"
                model_provider = "local"

                [model_providers.local]
                name = "Local vLLM"
                base_url = "%s"
                wire_api = "chat"
                stream_max_retries = 2
                """.formatted(server.url()));
    }

    @AfterEach
    void tearDown() {
        server.close();
    }

    @Test
    void runsAToolOverChatCompletionsAndPrintsTheAnswerOnceThoughItsStreamDropped() throws Exception {
        ChatSse answer = ChatSse.completion("chatcmpl-2").text("Ran it ", "and saw hello.").finish("stop")
                .usage(900, 800, 6, 0).done();
        server.enqueue(ChatSse.completion("chatcmpl-1")
                        .toolCall(0, "call_1", "exec_command", "{\"cmd\":\"echo hello-from-chat\"}")
                        .finish("tool_calls").usage(800, 0, 20, 0).done(),
                answer.dropAfter(2),
                answer);

        var result = MokaProcess.run(repo, MokaProcess.env(home, server.url()), "exec", "run it");

        assertThat(result.exitCode()).as(result.stderr()).isZero();
        assertThat(result.stdout()).isEqualTo("Ran it and saw hello.\n");
        assertThat(result.stderr()).contains("provider: local").contains("hello-from-chat")
                .contains("reconnecting: stream interrupted").doesNotContain("\tat ");
        List<CapturedRequest> requests = server.requests();
        assertThat(requests).hasSize(3).extracting(CapturedRequest::path).containsOnly("/v1/chat/completions");
        assertThat(requests.getFirst().header("authorization")).isNull();
        JsonNode first = requests.getFirst().bodyJson();
        assertThat(first.get("model").asString()).isEqualTo("qwen3-coder-30b");
        assertThat(first.has("input")).isFalse();
        assertThat(first.has("reasoning")).isFalse();
        assertThat(first.get("tools")).anySatisfy(tool ->
                assertThat(tool.at("/function/name").asString()).isEqualTo("exec_command"));
        List<JsonNode> last = requests.getLast().messages();
        assertThat(last.getLast().get("role").asString()).isEqualTo("tool");
        assertThat(last.getLast().get("content").asString()).contains("hello-from-chat");
        assertThat(requests.get(2).body()).isEqualTo(requests.get(1).body());
    }
}
