package dev.moka.core.mcp;

import dev.moka.protocol.Op;
import java.util.concurrent.CompletableFuture;
import tools.jackson.databind.JsonNode;

/**
 * Who answers the forms (MCP elicitation requests) a session's servers send while their tools run. A server's
 * connection waits on the answer; it cancels the future when the tool call that the form belongs to ends
 * without it (past {@code tool_timeout_sec}, or interrupted), and a cancelled form is answered {@code cancel}.
 */
public interface McpForms {
    /** Shows the server's form ({@code message}, and {@code schema} for its fields) and completes with the answer. */
    CompletableFuture<Op.ResolveElicitation> ask(String server, String message, JsonNode schema);

    /** Shows the person a line about the server (how to finish a sign-in the server asked for). */
    void tell(String server, String line);
}
