package dev.moka.cli.mcpserver;

import static org.assertj.core.api.Assertions.assertThat;

import dev.moka.core.policy.ApprovalRequest;
import dev.moka.core.policy.Decision;
import dev.moka.protocol.Json;
import io.modelcontextprotocol.spec.McpSchema;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

class ApprovalQuestionsTest {
    @Test
    void aCommandQuestionGoesOnTheWireWithItsModeOnceAndWhatItIsAbout() throws Exception {
        var question = ApprovalQuestions.of("thread-1", new ApprovalRequest.Exec("call-1",
                List.of("rm", "-rf", "build dir"), "/repo", "it deletes files", null));

        String wire = SdkJson.mapper().writeValueAsString(new McpSchema.JSONRPCRequest("2.0", "elicitation/create",
                "req-1", question));

        JsonNode params = Json.parse(wire).get("params");
        assertThat(wire.split("\"mode\"", -1)).hasSize(2);
        assertThat(params.get("mode").asString()).isEqualTo("form");
        assertThat(params.get("message").asString())
                .isEqualTo("Allow Moka to run `rm -rf 'build dir'` in /repo? (it deletes files)");
        assertThat(params.get("requestedSchema")).isEqualTo(Json.parse("{\"type\":\"object\",\"properties\":{}}"));
        assertThat(params.get("_meta")).isEqualTo(Json.parse("{\"threadId\":\"thread-1\",\"moka_elicitation\":"
                + "\"exec-approval\",\"moka_call_id\":\"call-1\",\"moka_command\":[\"rm\",\"-rf\",\"build dir\"],"
                + "\"moka_cwd\":\"/repo\"}"));
    }

    @Test
    void aPatchQuestionNamesTheFilesItChanges() throws Exception {
        var question = ApprovalQuestions.of("thread-1", new ApprovalRequest.Patch("call-2",
                Map.of("/repo/a.txt", Json.object().put("type", "add")), null, null));

        JsonNode params = Json.parse(SdkJson.mapper().writeValueAsString(question));

        assertThat(params.get("message").asString()).isEqualTo("Allow Moka to change /repo/a.txt?");
        assertThat(params.get("_meta").get("moka_elicitation").asString()).isEqualTo("patch-approval");
        assertThat(params.get("_meta").get("moka_changes").get("/repo/a.txt").get("type").asString()).isEqualTo("add");
    }

    @Test
    void onlyAnAcceptanceApproves() {
        assertThat(ApprovalQuestions.decision(new McpSchema.ElicitResult(McpSchema.ElicitResult.Action.ACCEPT,
                Map.of()))).isEqualTo(Decision.APPROVE);
        assertThat(ApprovalQuestions.decision(new McpSchema.ElicitResult(McpSchema.ElicitResult.Action.DECLINE,
                Map.of()))).isEqualTo(Decision.DENY);
        assertThat(ApprovalQuestions.decision(new McpSchema.ElicitResult(McpSchema.ElicitResult.Action.CANCEL,
                null))).isEqualTo(Decision.DENY);
        assertThat(ApprovalQuestions.decision(null)).isEqualTo(Decision.DENY);
    }
}
