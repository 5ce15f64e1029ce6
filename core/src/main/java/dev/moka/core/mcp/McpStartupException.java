package dev.moka.core.mcp;

import java.io.IOException;

/** A {@code required} MCP server did not start, so the session does not either; the message is the server's error. */
public final class McpStartupException extends IOException {
    McpStartupException(String message) {
        super(message);
    }
}
