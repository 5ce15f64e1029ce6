package dev.moka.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.moka.testkit.MockResponsesServer;
import dev.moka.testkit.Sse;
import io.modelcontextprotocol.spec.McpSchema;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Approvals in {@code moka mcp-server}: put to a client that declared elicitation and decided by its answer,
 * denied at once for a client that cannot be asked.
 */
class McpServerApprovalTest {
    private static final String PATCH = """
            *** Begin Patch
            *** Add File: patched.txt
            +from a patch
            *** End Patch
            """;

    @TempDir
    Path home;

    @TempDir
    Path repo;

    MockResponsesServer model;

    final List<McpSchema.ElicitFormRequest> questions = new CopyOnWriteArrayList<>();

    @BeforeEach
    void setUp() throws Exception {
        Files.createDirectories(repo.resolve(".git"));
        model = MockResponsesServer.start();
    }

    @AfterEach
    void tearDown() {
        model.close();
    }

    private McpServerProcess answering(McpSchema.ElicitResult.Action action) {
        return McpServerProcess.start(repo, MokaProcess.env(home, model.url()), question -> {
            questions.add(question);
            return new McpSchema.ElicitResult(action, Map.of());
        });
    }

    /** Under "untrusted" a command that writes asks first. */
    private McpSchema.CallToolResult touch(McpServerProcess server) {
        model.enqueue(Sse.response("r1").functionCall("call_1", "shell", "{\"command\":[\"touch\",\"made\"]}")
                .completed(), Sse.response("r2").text("m1", "Finished.").completed());
        return server.call("moka", Map.of("prompt", "make a file", "cwd", repo.toString(),
                "approval-policy", "untrusted", "sandbox", "workspace-write"));
    }

    private String lastOutput() {
        return model.requests().getLast().bodyJson().get("input").toString();
    }

    @Test
    void anAcceptedQuestionRunsTheCommand() {
        try (var server = answering(McpSchema.ElicitResult.Action.ACCEPT)) {
            var result = touch(server);

            assertThat(McpServerProcess.text(result)).isEqualTo("Finished.");
            assertThat(repo.resolve("made")).exists();
            assertThat(questions).hasSize(1);
            McpSchema.ElicitFormRequest question = questions.getFirst();
            assertThat(question.message()).contains("Allow Moka to run `touch made`").contains(repo.toString());
            assertThat(question.meta()).containsEntry("moka_elicitation", "exec-approval")
                    .containsEntry("moka_call_id", "call_1")
                    .containsEntry("threadId", McpServerProcess.structured(result).get("threadId").asString())
                    .containsEntry("moka_command", List.of("touch", "made"));
            assertThat(server.events()).extracting(e -> e.get("msg").get("type").asString())
                    .containsSubsequence("exec_approval_request", "exec_command_begin", "exec_command_end");
        }
    }

    @Test
    void aDeclinedQuestionDeniesTheCommandAndTheModelHearsIt() {
        try (var server = answering(McpSchema.ElicitResult.Action.DECLINE)) {
            var result = touch(server);

            assertThat(McpServerProcess.text(result)).isEqualTo("Finished.");
            assertThat(repo.resolve("made")).doesNotExist();
            assertThat(questions).hasSize(1);
            assertThat(lastOutput()).contains("The person denied this command");
        }
    }

    @Test
    void withoutElicitationTheRequestIsDeniedAtOnceWithoutAsking() {
        try (var server = McpServerProcess.start(repo, MokaProcess.env(home, model.url()))) {
            var result = touch(server);

            assertThat(McpServerProcess.text(result)).isEqualTo("Finished.");
            assertThat(repo.resolve("made")).doesNotExist();
            assertThat(lastOutput()).contains("nobody can approve in this run");
        }
    }

    @Test
    void aPatchIsAskedAboutTooAndWrittenOnceAccepted() {
        model.enqueue(Sse.response("r1").customToolCall("call_p", "apply_patch", PATCH).completed(),
                Sse.response("r2").text("m1", "Patched.").completed());
        try (var server = answering(McpSchema.ElicitResult.Action.ACCEPT)) {
            var result = server.call("moka", Map.of("prompt", "patch it", "cwd", repo.toString(),
                    "approval-policy", "untrusted", "sandbox", "workspace-write"));

            assertThat(McpServerProcess.text(result)).isEqualTo("Patched.");
            assertThat(repo.resolve("patched.txt")).hasContent("from a patch");
            assertThat(questions).hasSize(1);
            assertThat(questions.getFirst().message()).contains("Allow Moka to change").contains("patched.txt");
            assertThat(questions.getFirst().meta()).containsEntry("moka_elicitation", "patch-approval");
        }
    }
}
