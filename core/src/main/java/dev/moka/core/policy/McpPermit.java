package dev.moka.core.policy;

/** The guard's answer for an MCP tool call: make it, or do not. */
sealed interface McpPermit {
    /** @param asked the person approved it; false when no one had to be asked */
    record Allowed(boolean asked) implements McpPermit {}

    /** Not called: {@code forModel} says why. */
    record Refused(String forModel, String brief) implements McpPermit {}
}
