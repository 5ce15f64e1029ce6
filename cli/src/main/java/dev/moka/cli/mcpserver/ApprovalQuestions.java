package dev.moka.cli.mcpserver;

import dev.moka.core.exec.ShellWords;
import dev.moka.protocol.EventMsg;
import dev.moka.protocol.ReviewDecision;
import io.modelcontextprotocol.spec.McpSchema;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * An approval request of a session put to the MCP client as an {@code elicitation/create} question, and its
 * answer as the decision the session waits for. The question asks for no fields: accepting approves. What it is
 * about travels in {@code _meta} ({@code moka_elicitation}, {@code moka_call_id}, ...), as Codex sends its
 * {@code codex_*} fields, so a client can show more than the message.
 */
final class ApprovalQuestions {
    private static final Map<String, Object> NO_FIELDS = Map.of("type", "object", "properties", Map.of());

    private ApprovalQuestions() {}

    static McpSchema.ElicitRequest exec(String threadId, EventMsg.ExecApprovalRequest request) {
        Map<String, Object> meta = meta(threadId, "exec-approval", request.callId());
        meta.put("moka_command", request.command());
        meta.put("moka_cwd", request.cwd());
        String message = "Allow Moka to run `" + ShellWords.join(request.command()) + "` in " + request.cwd() + "?"
                + because(request.reason());
        return McpSchema.ElicitRequest.builder(message, NO_FIELDS).meta(meta).build();
    }

    static McpSchema.ElicitRequest patch(String threadId, EventMsg.ApplyPatchApprovalRequest request) {
        Map<String, Object> meta = meta(threadId, "patch-approval", request.callId());
        meta.put("moka_changes", request.changes());
        if (request.grantRoot() != null) {
            meta.put("moka_grant_root", request.grantRoot());
        }
        String message = "Allow Moka to change " + String.join(", ", request.changes().keySet()) + "?"
                + because(request.reason());
        return McpSchema.ElicitRequest.builder(message, NO_FIELDS).meta(meta).build();
    }

    /** Accept approves; anything else denies, so the turn goes on and the model hears it was refused. */
    static ReviewDecision decision(McpSchema.ElicitResult answer) {
        if (answer == null || answer.action() == null) {
            return ReviewDecision.DENIED;
        }
        return switch (answer.action()) {
            case ACCEPT -> ReviewDecision.APPROVED;
            case DECLINE, CANCEL -> ReviewDecision.DENIED;
        };
    }

    private static Map<String, Object> meta(String threadId, String kind, String callId) {
        Map<String, Object> meta = new LinkedHashMap<>();
        meta.put("threadId", threadId);
        meta.put("moka_elicitation", kind);
        meta.put("moka_call_id", callId);
        return meta;
    }

    private static String because(String reason) {
        return reason == null || reason.isBlank() ? "" : " (" + reason + ")";
    }
}
