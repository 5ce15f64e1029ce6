package dev.moka.core.mcp;

import io.modelcontextprotocol.common.McpTransportContext;
import io.modelcontextprotocol.json.TypeRef;
import io.modelcontextprotocol.spec.McpClientTransport;
import io.modelcontextprotocol.spec.McpSchema;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.function.Supplier;
import reactor.core.publisher.Mono;
import reactor.util.context.ContextView;

/**
 * A server's transport that can take a request back. The MCP spec has a client that stops waiting (its time
 * ran out, it was interrupted) send {@code notifications/cancelled} with the request's id, so the server can
 * stop the work; the SDK (2.1.0) sends none, and neither tells which id a request went out with nor offers a
 * way to send a notification of one's own. The transport sees both: a request made inside {@link #track}
 * notes its id here, found through the transport context the SDK's sync client carries down to the
 * transport with each request (the Reactor context, so it holds whatever thread the SDK sends on), and
 * {@link #cancel} writes the notification on the same wire.
 */
final class CancellingTransport implements McpClientTransport {
    static final String CANCELLED = "notifications/cancelled";
    /** The request the calling thread is making; {@link #context} hands it to the SDK. */
    private static final ScopedValue<Request> CURRENT = ScopedValue.newInstance();
    private static final String CONTEXT_KEY = "dev.moka.mcp.request";

    private final McpClientTransport delegate;

    CancellingTransport(McpClientTransport delegate) {
        this.delegate = delegate;
    }

    /** One request a caller waits on: the JSON-RPC id it went out with, once it has. */
    static final class Request {
        private volatile Object id;
    }

    /** Runs {@code call} (one SDK request) so that the id it is sent with is noted in {@code request}. */
    static <T> T track(Request request, Supplier<T> call) {
        return ScopedValue.where(CURRENT, request).call(call::get);
    }

    /** The SDK client's transport context provider: asked on the calling thread as each call starts. */
    static McpTransportContext context() {
        return CURRENT.isBound() ? McpTransportContext.create(Map.of(CONTEXT_KEY, CURRENT.get()))
                : McpTransportContext.EMPTY;
    }

    /**
     * Tells the server that the answer to {@code request} is no longer awaited. Not waited on: the caller may
     * be interrupted, and a notification has no answer; a transport already closed has no server to tell.
     */
    void cancel(Request request, String reason) {
        Object id = request.id;
        if (id == null) {
            return;
        }
        var notification = new McpSchema.JSONRPCNotification(McpSchema.JSONRPC_VERSION, CANCELLED,
                Map.of("requestId", id, "reason", reason));
        try {
            delegate.sendMessage(notification).subscribe(sent -> { }, failed -> { });
        } catch (RuntimeException closed) {
            // The stdio transport refuses at once when its process is gone: nothing left to stop.
        }
    }

    @Override
    public Mono<Void> sendMessage(McpSchema.JSONRPCMessage message) {
        // The spec forbids cancelling an initialization, so its id is never noted.
        if (!(message instanceof McpSchema.JSONRPCRequest request)
                || McpSchema.METHOD_INITIALIZE.equals(request.method())) {
            return delegate.sendMessage(message);
        }
        return Mono.deferContextual(context -> {
            tracked(context).ifPresent(waiting -> waiting.id = request.id());
            return delegate.sendMessage(message);
        });
    }

    private static Optional<Request> tracked(ContextView context) {
        return context.getOrEmpty(McpTransportContext.KEY)
                .map(transportContext -> transportContext instanceof McpTransportContext c
                        ? c.get(CONTEXT_KEY) : null)
                .map(value -> value instanceof Request r ? r : null);
    }

    @Override
    public Mono<Void> connect(Function<Mono<McpSchema.JSONRPCMessage>, Mono<McpSchema.JSONRPCMessage>> handler) {
        return delegate.connect(handler);
    }

    @Override
    public void setExceptionHandler(Consumer<Throwable> handler) {
        delegate.setExceptionHandler(handler);
    }

    @Override
    public Mono<Void> closeGracefully() {
        return delegate.closeGracefully();
    }

    @Override
    public void close() {
        delegate.close();
    }

    @Override
    public <T> T unmarshalFrom(Object data, TypeRef<T> type) {
        return delegate.unmarshalFrom(data, type);
    }

    @Override
    public List<String> protocolVersions() {
        return delegate.protocolVersions();
    }
}
