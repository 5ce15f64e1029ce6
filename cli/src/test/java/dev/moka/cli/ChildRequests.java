package dev.moka.cli;

import dev.moka.protocol.Json;
import dev.moka.testkit.CapturedRequest;
import java.util.function.Predicate;
import tools.jackson.databind.JsonNode;

/** What the subagent tests read from the mock's requests: whose they are, and what a call answered. */
final class ChildRequests {
    /** A child agent's request (its header says so); the parent's are the others. */
    static final Predicate<CapturedRequest> CHILD = r -> "collab_spawn".equals(r.header("x-openai-subagent"));

    private ChildRequests() {}

    /** The output of call {@code callId} that {@code request} carries, as JSON. */
    static JsonNode output(CapturedRequest request, String callId) {
        return request.input().stream()
                .filter(item -> item.path("type").asString("").equals("function_call_output")
                        && item.path("call_id").asString("").equals(callId))
                .map(item -> Json.parse(item.get("output").asString())).findFirst().orElseThrow(() ->
                        new AssertionError("no output of " + callId + " in " + request.input()));
    }

    /** The id spawn_agent call {@code callId} answered with. */
    static String spawnedId(CapturedRequest request, String callId) {
        return output(request, callId).get("agent_id").asString();
    }
}
