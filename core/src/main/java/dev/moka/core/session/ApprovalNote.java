package dev.moka.core.session;

import dev.moka.core.exec.ShellWords;
import dev.moka.core.policy.ApprovalRequest;
import dev.moka.core.policy.Decision;

/**
 * The line a person's answer to an approval leaves in the transcript, live and after a resume: what was asked
 * and what was decided, so a denied command is never mistaken for one that ran.
 */
final class ApprovalNote {
    private ApprovalNote() {}

    static String of(ApprovalRequest request, Decision decision) {
        String what = switch (request) {
            case ApprovalRequest.Exec exec -> ShellWords.shown(exec.argv());
            case ApprovalRequest.Patch patch -> "the changes to " + String.join(", ", patch.changes().keySet());
            case ApprovalRequest.McpTool mcp -> "the MCP tool " + mcp.name();
        };
        return switch (decision) {
            case Decision.Approve _ -> "Approved: " + what;
            case Decision.ApproveForSession _ -> "Approved for this session: " + what;
            case Decision.ApprovePrefix _ -> "Approved for this session, and commands starting the same way: " + what;
            case Decision.Deny deny -> "Denied: " + what + (deny.reason() == null || deny.reason().isBlank() ? ""
                    : " (" + deny.reason() + ")");
            case Decision.Abort _ -> "Denied, and the turn stopped: " + what;
        };
    }
}
