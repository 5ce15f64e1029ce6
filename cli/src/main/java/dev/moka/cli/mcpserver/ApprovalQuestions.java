package dev.moka.cli.mcpserver;

import dev.moka.core.exec.ShellWords;
import dev.moka.core.policy.ApprovalRequest;
import dev.moka.core.policy.Decision;
import dev.moka.protocol.EventMsg;
import io.modelcontextprotocol.spec.McpSchema;
import java.util.LinkedHashMap;
import java.util.List;
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

    /** The question that puts {@code request} to the client. */
    static McpSchema.ElicitRequest of(String threadId, ApprovalRequest request) {
        return switch (request) {
            case ApprovalRequest.Exec exec -> exec(threadId, exec.callId(), exec.argv(), exec.cwd(), exec.reason());
            // Asked as the exec request it travels as on the wire, so a client sees the same either way.
            case ApprovalRequest.McpTool mcp -> exec(threadId, mcp.callId(), List.of(mcp.name(), mcp.arguments()),
                    mcp.cwd(), ((EventMsg.ExecApprovalRequest) mcp.event()).reason());
            case ApprovalRequest.Patch patch -> patch(threadId, patch);
        };
    }

    private static McpSchema.ElicitRequest exec(String threadId, String callId, List<String> argv, String cwd,
            String reason) {
        Map<String, Object> meta = meta(threadId, "exec-approval", callId);
        meta.put("moka_command", argv);
        meta.put("moka_cwd", cwd);
        String message = "Allow Moka to run `" + ShellWords.join(argv) + "` in " + cwd + "?" + because(reason);
        return McpSchema.ElicitRequest.builder(message, NO_FIELDS).meta(meta).build();
    }

    private static McpSchema.ElicitRequest patch(String threadId, ApprovalRequest.Patch request) {
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
    static Decision decision(McpSchema.ElicitResult answer) {
        if (answer == null || answer.action() == null) {
            return Decision.DENY;
        }
        return switch (answer.action()) {
            case ACCEPT -> Decision.APPROVE;
            case DECLINE, CANCEL -> Decision.DENY;
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
