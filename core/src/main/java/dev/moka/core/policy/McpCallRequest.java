package dev.moka.core.policy;

import dev.moka.core.config.mcp.McpApprovalMode;
import java.nio.file.Path;

/**
 * A call of an MCP tool the model wants to make. {@code name} is what the model called it
 * ({@code mcp__<server>__<tool>}); {@code destructive} is the server's own {@code destructiveHint};
 * {@code cwd} the turn's working directory, shown with an approval request.
 */
public record McpCallRequest(String callId, String server, String tool, String name, String arguments,
        McpApprovalMode mode, boolean destructive, Path cwd) {}
