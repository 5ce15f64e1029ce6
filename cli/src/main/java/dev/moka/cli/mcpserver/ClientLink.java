package dev.moka.cli.mcpserver;

import dev.moka.protocol.Event;
import dev.moka.protocol.Json;
import io.modelcontextprotocol.server.McpAsyncServerExchange;
import io.modelcontextprotocol.spec.McpSchema;
import reactor.core.publisher.Mono;
import tools.jackson.databind.node.ObjectNode;

/**
 * The MCP client behind one tool call, as that call's blocking code sees it: it runs on a virtual thread of its
 * own, so waiting for the SDK's replies here holds no platform thread, and the SDK's reactive types stay here.
 */
final class ClientLink {
    /** Every session event of a call goes out as this notification, the way Codex sends {@code codex/event}. */
    static final String EVENT_METHOD = "moka/event";

    private final McpAsyncServerExchange exchange;
    private final Notifier notifier;
    private final Object progressToken;

    /** Sends a notification to the client of one session. */
    interface Notifier {
        Mono<Void> send(String sessionId, String method, Object params);
    }

    ClientLink(McpAsyncServerExchange exchange, Notifier notifier, McpSchema.CallToolRequest call) {
        this.exchange = exchange;
        this.notifier = notifier;
        this.progressToken = call.meta() == null ? null : call.meta().get("progressToken");
    }

    /** Whether the client declared elicitation, so approval questions can go to it. */
    boolean canElicit() {
        McpSchema.ClientCapabilities capabilities = exchange.getClientCapabilities();
        return capabilities != null && capabilities.elicitation() != null;
    }

    /**
     * Sends {@code event} as it is serialised everywhere else, under {@code _meta} naming the conversation and,
     * when the call carried one, its progress token, so a client can tell concurrent calls' events apart.
     * Waiting for each to be queued keeps them in order, and before the call's result.
     */
    void sendEvent(String threadId, Event event) {
        ObjectNode params = Json.object();
        ObjectNode meta = params.putObject("_meta");
        meta.put("threadId", threadId);
        if (progressToken != null) {
            meta.set("progressToken", Json.MAPPER.valueToTree(progressToken));
        }
        params.put("id", event.id());
        params.set("msg", Json.MAPPER.valueToTree(event.msg()));
        notifier.send(exchange.sessionId(), EVENT_METHOD, params).block();
    }

    /** Asks the client and waits for its answer (at most the server's request timeout). */
    McpSchema.ElicitResult elicit(McpSchema.ElicitRequest question) {
        return exchange.createElicitation(question).block();
    }
}
