package dev.moka.core.mcp;

/**
 * A request to an MCP server that brought no answer: the server is not running, died during the call, took
 * longer than its {@code tool_timeout_sec}, or answered with a protocol error. The message says which, for the
 * model and the person.
 */
public final class McpCallException extends Exception {
    McpCallException(String message) {
        super(message);
    }
}
