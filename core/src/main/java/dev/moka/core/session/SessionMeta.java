package dev.moka.core.session;

import com.fasterxml.jackson.annotation.JsonInclude;

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

    /** This conversation's first line as a child of {@code lineage}'s parent (the fields of its metaFields). */
    SessionMeta childOf(AgentLineage lineage) {
        return new SessionMeta(id, timestamp, cwd, originator, cliVersion, modelProvider, model, lineage.parentId(),
                "subagent", lineage.depth(), lineage.nickname(), lineage.role());
    }
}
