package dev.moka.core.session;

import dev.moka.protocol.Json;
import tools.jackson.databind.node.ObjectNode;

/**
 * Whose child a conversation is: the root conversation (whose id is every descendant's prompt cache key, so
 * children share the parent's cached prefix where they can), the parent, how deep below the root, and the
 * name and role people see.
 */
public record AgentLineage(String rootId, String parentId, int depth, String nickname, String role) {
    /** What a child's first rollout line says of its parentage (see {@link SessionMeta}). */
    ObjectNode metaFields() {
        return Json.object().put("parent_thread_id", parentId).put("thread_source", "subagent")
                .put("agent_depth", depth).put("agent_nickname", nickname).put("agent_role", role);
    }
}
