package dev.moka.cli.acp;

import dev.moka.core.exec.ShellWords;
import dev.moka.core.policy.ApprovalRequest;
import dev.moka.core.policy.Decision;
import dev.moka.protocol.Json;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * An approval request of a session as ACP's {@code session/request_permission}, and the client's answer as the
 * decision the session waits for. The option ids are Moka's decisions on the wire, so an answer needs no table.
 */
final class Permissions {
    private static final String ONCE = "approved";
    private static final String SESSION = "approved_for_session";
    private static final String PREFIX = "approved_prefix";
    private static final String REJECT = "denied";

    private Permissions() {}

    /** The params of the request that asks about {@code request}, tied to the tool call {@code toolCall} shows. */
    static ObjectNode question(String sessionId, ApprovalRequest request, ObjectNode toolCall) {
        ObjectNode params = Json.object().put("sessionId", sessionId);
        ObjectNode call = toolCall.deepCopy();
        call.remove("sessionUpdate");
        if (request.reason() != null && !request.reason().isBlank() && !call.has("content")) {
            call.putArray("content").addObject().put("type", "content").set("content",
                    Updates.text(request.reason()));
        }
        params.set("toolCall", call);
        ArrayNode options = params.putArray("options");
        option(options, ONCE, "Allow once", "allow_once");
        option(options, SESSION, switch (request) {
            case ApprovalRequest.Exec _ -> "Allow this command for the session";
            case ApprovalRequest.Patch _ -> "Allow changes to these files for the session";
            case ApprovalRequest.McpTool mcp -> "Allow " + mcp.name() + " for the session";
        }, "allow_always");
        if (request instanceof ApprovalRequest.Exec exec && exec.prefix() != null) {
            option(options, PREFIX, "Allow commands starting with `" + ShellWords.join(exec.prefix())
                    + "` for the session", "allow_always");
        }
        option(options, REJECT, "Reject", "reject_once");
        return params;
    }

    private static void option(ArrayNode options, String id, String name, String kind) {
        options.addObject().put("optionId", id).put("name", name).put("kind", kind);
    }

    /**
     * The decision the client's answer carries. A cancelled question (the client cancelled the turn) stops the
     * turn; anything unreadable refuses, so nothing runs that the person did not allow.
     */
    static Decision decision(JsonNode answer) {
        JsonNode outcome = answer == null ? null : answer.get("outcome");
        if (outcome == null || !"selected".equals(Json.text(outcome, "outcome"))) {
            return outcome != null && "cancelled".equals(Json.text(outcome, "outcome")) ? Decision.ABORT
                    : Decision.DENY;
        }
        String option = Json.text(outcome, "optionId");
        return switch (option == null ? "" : option) {
            case ONCE -> Decision.APPROVE;
            case SESSION -> new Decision.ApproveForSession();
            case PREFIX -> new Decision.ApprovePrefix();
            default -> Decision.DENY;
        };
    }
}
