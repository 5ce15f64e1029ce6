package dev.moka.core.session;

import dev.moka.core.exec.ShellWords;
import dev.moka.core.hooks.HookEvent;
import dev.moka.core.hooks.HookVerdict;
import dev.moka.core.hooks.TurnHooks;
import dev.moka.core.policy.ApprovalRequest;
import dev.moka.core.policy.Approver;
import dev.moka.core.policy.Decision;
import dev.moka.protocol.EventMsg;
import dev.moka.protocol.Json;
import java.util.Optional;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * Asks the person's PermissionRequest hooks before the person: a hook that allows or denies answers the request;
 * when none decides, the person is asked (a Notification hook is told first), or, in a run where nobody can
 * answer, the request is denied as it would have been.
 */
final class HookedApprover implements Approver {
    private final Approver person;
    private final TurnHooks hooks;
    private final EventSink sink;

    HookedApprover(Approver person, TurnHooks hooks, EventSink sink) {
        this.person = person;
        this.hooks = hooks;
        this.sink = sink;
    }

    /** {@code person} itself when no hook listens, so nothing changes for a session without hooks. */
    static Approver around(Approver person, TurnHooks hooks, EventSink sink) {
        return hooks.listens(HookEvent.PERMISSION_REQUEST) || hooks.listens(HookEvent.NOTIFICATION)
                ? new HookedApprover(person, hooks, sink) : person;
    }

    @Override
    public boolean canAsk() {
        return person.canAsk() || hooks.listens(HookEvent.PERMISSION_REQUEST);
    }

    @Override
    public Decision decide(ApprovalRequest request) throws InterruptedException {
        ObjectNode fields = Json.object();
        String toolName = tool(request, fields);
        HookVerdict verdict = hooks.fire(HookEvent.PERMISSION_REQUEST, toolName, fields);
        Optional<String> denied = verdict.blocked();
        if (denied.isPresent()) {
            return new Decision.Deny("denied by a PermissionRequest hook: " + denied.get());
        }
        if (verdict.allowed()) {
            return Decision.APPROVE;
        }
        if (!person.canAsk()) {
            sink.emit(request.event());
            sink.emit(new EventMsg.Warning("approval needed (" + request.reason() + "), but nobody can approve in"
                    + " this run and no PermissionRequest hook decided: denied"));
            return Decision.DENY;
        }
        hooks.fire(HookEvent.NOTIFICATION, "permission_prompt", Json.object()
                .put("notification_type", "permission_prompt")
                .put("message", "Moka needs your permission to use " + toolName));
        return person.decide(request);
    }

    /** Fills {@code fields} with the request as a tool call, as PreToolUse shows it; returns the tool's name. */
    private static String tool(ApprovalRequest request, ObjectNode fields) {
        fields.put("tool_use_id", request.callId());
        String name = switch (request) {
            case ApprovalRequest.Exec exec -> {
                fields.set("tool_input", Json.object().put("command", ShellWords.join(exec.argv())));
                yield "Bash";
            }
            case ApprovalRequest.Patch patch -> {
                ObjectNode changes = Json.object();
                patch.changes().forEach(changes::set);
                fields.set("tool_input", Json.object().set("changes", changes));
                yield "apply_patch";
            }
            case ApprovalRequest.McpTool mcp -> {
                fields.set("tool_input", arguments(mcp.arguments()));
                yield mcp.name();
            }
        };
        fields.put("tool_name", name).put("reason", request.reason());
        return name;
    }

    private static JsonNode arguments(String json) {
        try {
            return json == null || json.isBlank() ? Json.object() : Json.parse(json);
        } catch (JacksonException e) {
            return Json.object().put("arguments", json);
        }
    }
}
