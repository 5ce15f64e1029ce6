package dev.moka.cli.mcpserver;

import dev.moka.core.MokaVersion;
import io.modelcontextprotocol.server.McpAsyncServer;
import io.modelcontextprotocol.server.McpAsyncServerExchange;
import io.modelcontextprotocol.server.McpServer;
import io.modelcontextprotocol.server.McpServerFeatures;
import io.modelcontextprotocol.server.transport.StdioServerTransportProvider;
import io.modelcontextprotocol.spec.McpSchema;
import java.io.InputStream;
import java.io.OutputStream;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.function.BiFunction;
import reactor.core.publisher.Mono;
import reactor.core.scheduler.Scheduler;
import reactor.core.scheduler.Schedulers;

/**
 * The SDK's MCP server offering {@link MokaTools}, on standard input and output or on streamable HTTP. The SDK is
 * reactive; each tool call leaves it for a virtual thread of its own, where a whole turn runs as plain blocking
 * code, so any number of conversations run at once without holding the SDK's threads.
 */
final class MokaMcpServer implements AutoCloseable {
    /**
     * How long an approval question may wait for the client's answer before it counts as denied: a person may
     * take a while, but a client that never answers must not hold a turn forever.
     */
    static final Duration ANSWER_WAIT = Duration.ofMinutes(10);

    private final McpAsyncServer server;
    private final ExecutorService calls;

    private MokaMcpServer(McpAsyncServer server, ExecutorService calls) {
        this.server = server;
        this.calls = calls;
    }

    /** Starts serving: the SDK reads {@code in} and writes {@code out} on threads of its own. */
    static MokaMcpServer start(InputStream in, OutputStream out, MokaTools tools) {
        var transport = new StdioServerTransportProvider(SdkJson.mapper(), in, out);
        return start(McpServer.async(transport), (sessionId, method, params) -> transport.notifyClients(method,
                params), tools);
    }

    /** Starts serving the sessions of {@code http}; a call's events go to the session that made it. */
    static MokaMcpServer start(StreamableHttpServer http, MokaTools tools) {
        return start(McpServer.async(http), http::notifySession, tools);
    }

    private static MokaMcpServer start(McpServer.AsyncSpecification<?> spec, ClientLink.Notifier notifier,
            MokaTools tools) {
        ExecutorService calls = Executors.newThreadPerTaskExecutor(Thread.ofVirtual().name("moka-mcp-call-", 0)
                .factory());
        Scheduler onCalls = Schedulers.fromExecutorService(calls, "moka-mcp-calls");
        McpAsyncServer server = spec
                .serverInfo("moka", MokaVersion.get())
                .capabilities(McpSchema.ServerCapabilities.builder().tools(false).build())
                .requestTimeout(ANSWER_WAIT)
                // The tools check their own arguments, so a mistake gets a message that says how to fix it.
                .validateToolInputs(false)
                .tools(tool(ToolDefinitions.moka(), notifier, onCalls, tools::moka),
                        tool(ToolDefinitions.mokaReply(), notifier, onCalls, tools::reply))
                .build();
        return new MokaMcpServer(server, calls);
    }

    private static McpServerFeatures.AsyncToolSpecification tool(McpSchema.Tool tool, ClientLink.Notifier notifier,
            Scheduler onCalls, BiFunction<ClientLink, Map<String, Object>, McpSchema.CallToolResult> handler) {
        return McpServerFeatures.AsyncToolSpecification.builder()
                .tool(tool)
                .callHandler((McpAsyncServerExchange exchange, McpSchema.CallToolRequest call) -> Mono
                        .fromCallable(() -> handler.apply(new ClientLink(exchange, notifier, call), call.arguments()))
                        .subscribeOn(onCalls))
                .build();
    }

    @Override
    public void close() {
        server.close();
        calls.shutdownNow();
    }
}
