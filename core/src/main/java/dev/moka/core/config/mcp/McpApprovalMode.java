package dev.moka.core.config.mcp;

import dev.moka.protocol.WireEnum;

/**
 * Whether a call of one MCP tool needs the person's approval: {@code approval_mode} under
 * {@code [mcp_servers.<name>.tools.<tool>]}, else the server's {@code default_tools_approval_mode}. The first
 * three are Codex's values; {@code never} is Moka's and refuses every call of the tool.
 */
public enum McpApprovalMode implements WireEnum {
    /** Runs without asking unless the server itself marks the tool destructive ({@code destructiveHint}). */
    AUTO("auto"),
    /** Asks before every call; an approval for the session is taken as approval of that call only. */
    PROMPT("prompt"),
    /** Runs without asking: the person approved the tool in the configuration. */
    APPROVE("approve"),
    /** Never runs; the model is told the configuration forbids it. */
    NEVER("never");

    private final String wire;

    McpApprovalMode(String wire) {
        this.wire = wire;
    }

    @Override
    public String wire() {
        return wire;
    }
}
