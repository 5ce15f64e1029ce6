package dev.moka.core.hooks;

import dev.moka.protocol.Json;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;

/**
 * What one hook run answered, read from its exit code and stdout as Codex and Claude Code read them: exit 0
 * allows (its JSON may deny, allow with a rewritten input, ask, or add context); exit 2 with a reason on stderr
 * blocks; anything else, a crash or a timeout is a failure that never blocks.
 *
 * @param decision {@code allow}, {@code ask} or null ({@code deny} is {@link Status#BLOCKED})
 * @param context text for the model ({@code additionalContext}, or plain stdout where it counts as context)
 * @param systemMessage text for the person
 * @param detail what the person is told about the run: the block's reason or why it failed
 */
public record HookAnswer(Status status, String reason, String decision, JsonNode updatedInput, String context,
        String systemMessage, String detail) {
    public enum Status {
        COMPLETED("completed"), BLOCKED("blocked"), FAILED("failed"), TIMED_OUT("timed_out");

        private final String wire;

        Status(String wire) {
            this.wire = wire;
        }

        public String wire() {
            return wire;
        }
    }

    static HookAnswer failed(String why) {
        return new HookAnswer(Status.FAILED, null, null, null, null, null, why);
    }

    static HookAnswer of(HookEvent event, HookProcess.Exit exit, int timeoutSeconds) {
        if (exit.startFailure() != null) {
            return failed("cannot start: " + exit.startFailure());
        }
        if (exit.timedOut()) {
            return new HookAnswer(Status.TIMED_OUT, null, null, null, null, null,
                    "timed out after " + timeoutSeconds + " s and was killed");
        }
        String stderr = exit.stderr().strip();
        if (exit.exitCode() == 2) {
            return stderr.isEmpty() ? failed("exited with status 2 but gave no reason on stderr")
                    : blocked(stderr);
        }
        if (exit.exitCode() != 0) {
            return failed("exited with status " + exit.exitCode()
                    + (stderr.isEmpty() ? "" : ": " + stderr.lines().findFirst().orElse("")));
        }
        String stdout = exit.stdout().strip();
        if (stdout.isEmpty()) {
            return completed(null, null, null, null);
        }
        if (!stdout.startsWith("{") && !stdout.startsWith("[")) {
            boolean context = event == HookEvent.SESSION_START || event == HookEvent.USER_PROMPT_SUBMIT;
            return completed(null, null, context ? stdout : null, null);
        }
        JsonNode json;
        try {
            json = Json.parse(stdout);
        } catch (JacksonException e) {
            return failed("printed output that is not valid JSON");
        }
        return json.isObject() ? fromJson(event, json) : failed("printed JSON that is not an object");
    }

    private static HookAnswer fromJson(HookEvent event, JsonNode json) {
        String systemMessage = Json.text(json, "systemMessage");
        JsonNode specific = json.path("hookSpecificOutput");
        String context = Json.text(specific, "additionalContext");
        if (!json.path("continue").asBoolean(true)) {
            String why = Json.text(json, "stopReason");
            return withMessage(blocked(why == null || why.isBlank() ? "a hook asked to stop" : why), systemMessage);
        }
        String permission = Json.text(specific, "permissionDecision");
        JsonNode behaviour = specific.path("decision");
        if (permission == null && behaviour.isObject()) {
            // PermissionRequest as Claude Code answers it: {"decision": {"behavior": "allow"|"deny", "message"}}.
            permission = Json.text(behaviour, "behavior");
            if ("deny".equals(permission)) {
                String message = Json.text(behaviour, "message");
                return withMessage(blocked(message == null || message.isBlank() ? "denied by a hook" : message),
                        systemMessage);
            }
        }
        if ("deny".equals(permission)) {
            String why = Json.text(specific, "permissionDecisionReason");
            return withMessage(blocked(why == null || why.isBlank() ? "denied by a hook" : why), systemMessage);
        }
        String decision = Json.text(json, "decision");
        if ("block".equals(decision)) {
            String why = Json.text(json, "reason");
            if (why == null || why.isBlank()) {
                return failed("answered \"decision\": \"block\" without a \"reason\"");
            }
            return withMessage(blocked(why), systemMessage);
        }
        String allowed = "allow".equals(permission) || "approve".equals(decision) ? "allow"
                : "ask".equals(permission) ? "ask" : null;
        JsonNode updated = specific.get("updatedInput");
        if (updated != null && !updated.isObject()) {
            return failed("answered an \"updatedInput\" that is not an object");
        }
        return completed(allowed, allowed == null ? null : updated, context, systemMessage);
    }

    private static HookAnswer blocked(String reason) {
        return new HookAnswer(Status.BLOCKED, reason, null, null, null, null, reason);
    }

    private static HookAnswer withMessage(HookAnswer answer, String systemMessage) {
        return new HookAnswer(answer.status, answer.reason, answer.decision, answer.updatedInput, answer.context,
                systemMessage, answer.detail);
    }

    private static HookAnswer completed(String decision, JsonNode updatedInput, String context,
            String systemMessage) {
        return new HookAnswer(Status.COMPLETED, null, decision, updatedInput, context, systemMessage, "");
    }
}
