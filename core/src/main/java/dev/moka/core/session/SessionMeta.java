package dev.moka.core.session;

import com.fasterxml.jackson.annotation.JsonInclude;
import dev.moka.protocol.Json;

/**
 * The first line of a rollout. A child agent's names its parent ({@code parent_thread_id}), its place below the
 * root and the name it was shown under; a top-level conversation's leaves those out.
 */
public record SessionMeta(String id, String timestamp, String cwd, String originator, String cliVersion,
        String modelProvider, String model,
        @JsonInclude(JsonInclude.Include.NON_NULL) String parentThreadId,
        @JsonInclude(JsonInclude.Include.NON_NULL) String threadSource,
        @JsonInclude(JsonInclude.Include.NON_NULL) Integer agentDepth,
        @JsonInclude(JsonInclude.Include.NON_NULL) String agentNickname,
        @JsonInclude(JsonInclude.Include.NON_NULL) String agentRole) {

    public SessionMeta(String id, String timestamp, String cwd, String originator, String cliVersion,
            String modelProvider, String model) {
        this(id, timestamp, cwd, originator, cliVersion, modelProvider, model, null, null, null, null, null);
    }

    /**
     * Builds the serializer of this first line, which every new conversation writes before its first request:
     * for a start-up thread to do beside the arguments and the config, off that request's path.
     */
    public static void warmUp() {
        Json.MAPPER.valueToTree(new SessionMeta("", "", "", "", "", "", ""));
    }

    /** This conversation's first line as a child of {@code lineage}'s parent (the fields of its metaFields). */
    SessionMeta childOf(AgentLineage lineage) {
        return new SessionMeta(id, timestamp, cwd, originator, cliVersion, modelProvider, model, lineage.parentId(),
                "subagent", lineage.depth(), lineage.nickname(), lineage.role());
    }
}
