package dev.moka.core.session;

/**
 * Whose child a conversation is: the root conversation (whose id is every descendant's prompt cache key, so
 * children share the parent's cached prefix where they can), the parent, how deep below the root, and the
 * name and role people see.
 */
public record AgentLineage(String rootId, String parentId, int depth, String nickname, String role) {}
