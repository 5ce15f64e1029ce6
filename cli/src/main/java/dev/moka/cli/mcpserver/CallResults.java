package dev.moka.cli.mcpserver;

import io.modelcontextprotocol.spec.McpSchema;
import java.util.List;
import java.util.Map;

/**
 * Tool call results in the shape Codex's MCP server gives them: the text as content, and the same text with
 * the conversation's {@code threadId} as structured content (some clients read only one of the two).
 */
final class CallResults {
    private CallResults() {}

    /** The turn's final message. */
    static McpSchema.CallToolResult answered(String threadId, String message) {
        return withThread(threadId, message, false);
    }

    /** A turn that ended without an answer; the conversation can still be continued. */
    static McpSchema.CallToolResult failed(String threadId, String reason) {
        return withThread(threadId, reason, true);
    }

    /** A call that could not start a turn: no conversation to name. */
    static McpSchema.CallToolResult refused(String message) {
        return McpSchema.CallToolResult.builder().addTextContent(message).isError(true).build();
    }

    private static McpSchema.CallToolResult withThread(String threadId, String text, boolean error) {
        return McpSchema.CallToolResult.builder()
                .content(List.of(new McpSchema.TextContent(text)))
                .structuredContent(Map.of("threadId", threadId, "content", text))
                .isError(error)
                .build();
    }
}
