package dev.moka.core.config.mcp;

import java.time.Duration;
import java.util.List;
import java.util.Map;

/**
 * One {@code [mcp_servers.<name>]} table. {@code enabledTools} is null when every tool is offered (an
 * allow-list otherwise); {@code disabledTools} are taken out after it. {@code toolApprovals} holds the
 * per-tool {@code approval_mode}s by the server's own tool names; {@code where} is {@code file:line: key} of
 * the table, for messages about this server.
 */
public record McpServerConfig(String name, McpTransportConfig transport, boolean enabled, boolean required,
        Duration startupTimeout, Duration toolTimeout, List<String> enabledTools, List<String> disabledTools,
        McpApprovalMode defaultApproval, Map<String, McpApprovalMode> toolApprovals, String where) {

    public static final Duration DEFAULT_STARTUP_TIMEOUT = Duration.ofSeconds(10);
    public static final Duration DEFAULT_TOOL_TIMEOUT = Duration.ofSeconds(60);

    public McpServerConfig {
        enabledTools = enabledTools == null ? null : List.copyOf(enabledTools);
        disabledTools = List.copyOf(disabledTools);
        toolApprovals = Map.copyOf(toolApprovals);
    }

    /** Whether the server's tool named {@code tool} is offered to the model. */
    public boolean offers(String tool) {
        return (enabledTools == null || enabledTools.contains(tool)) && !disabledTools.contains(tool);
    }

    /** The approval mode of the server's tool named {@code tool}. */
    public McpApprovalMode approval(String tool) {
        return toolApprovals.getOrDefault(tool, defaultApproval);
    }
}
