package dev.moka.cli.mcpserver;

import dev.moka.core.log.MokaLog;
import io.modelcontextprotocol.spec.McpSchema;
import java.util.Map;

/** The server's two tools as blocking calls: {@code moka} starts a conversation, {@code moka-reply} goes on. */
final class MokaTools {
    private final OpenConversations conversations;
    private final MokaLog log;

    MokaTools(OpenConversations conversations, MokaLog log) {
        this.conversations = conversations;
        this.log = log;
    }

    McpSchema.CallToolResult moka(ClientLink client, Map<String, Object> arguments) {
        return guarded(MokaCall.TOOL, () -> {
            MokaCall call = MokaCall.parse(arguments);
            return turn(client, conversations.start(call, client.canElicit()), call.prompt());
        });
    }

    McpSchema.CallToolResult reply(ClientLink client, Map<String, Object> arguments) {
        return guarded(ReplyCall.TOOL, () -> {
            ReplyCall call = ReplyCall.parse(arguments);
            return turn(client, conversations.resume(call.conversationId(), client.canElicit()), call.prompt());
        });
    }

    /** Runs the turn on a conversation the call has taken, and gives it back however the turn ends. */
    private McpSchema.CallToolResult turn(ClientLink client, LiveConversation conversation, String prompt)
            throws InterruptedException {
        try {
            return switch (new TurnDriver(client, log).run(conversation, prompt)) {
                case TurnOutcome.Answered answered -> CallResults.answered(conversation.id(), answered.message());
                case TurnOutcome.Failed failed -> CallResults.failed(conversation.id(), failed.reason());
            };
        } finally {
            conversation.release();
        }
    }

    private interface Call {
        McpSchema.CallToolResult run() throws ToolError, InterruptedException;
    }

    /** Every way a call can go wrong ends as an error result the client reads, never as a broken server. */
    private McpSchema.CallToolResult guarded(String tool, Call call) {
        try {
            return call.run();
        } catch (ToolError e) {
            return CallResults.refused(e.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return CallResults.refused(tool + ": interrupted: the Moka MCP server is shutting down");
        } catch (RuntimeException e) {
            log.error("mcp-server: internal error in a " + tool + " call", e);
            String where = log.file() == null ? "" : "; details are in " + log.file();
            return CallResults.refused(tool + ": internal error: " + e + where);
        }
    }
}
