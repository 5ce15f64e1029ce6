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
 * The SDK's MCP server on standard input and output, offering {@link MokaTools}. The SDK is reactive; each tool
 * call leaves it for a virtual thread of its own, where a whole turn runs as plain blocking code, so any number
 * of conversations run at once without holding the SDK's threads.
 */
final class McpStdioServer implements AutoCloseable {
    /**
     * How long an approval question may wait for the client's answer before it counts as denied: a person may
     * take a while, but a client that never answers must not hold a turn forever.
     */
    static final Duration ANSWER_WAIT = Duration.ofMinutes(10);

    private final McpAsyncServer server;
    private final ExecutorService calls;

    private McpStdioServer(McpAsyncServer server, ExecutorService calls) {
        this.server = server;
        this.calls = calls;
    }

    /** Starts serving: the SDK reads {@code in} and writes {@code out} on threads of its own. */
    static McpStdioServer start(InputStream in, OutputStream out, MokaTools tools) {
        var transport = new StdioServerTransportProvider(SdkJson.mapper(), in, out);
        ExecutorService calls = Executors.newThreadPerTaskExecutor(Thread.ofVirtual().name("moka-mcp-call-", 0)
                .factory());
        Scheduler onCalls = Schedulers.fromExecutorService(calls, "moka-mcp-calls");
        McpAsyncServer server = McpServer.async(transport)
                .serverInfo("moka", MokaVersion.get())
                .capabilities(McpSchema.ServerCapabilities.builder().tools(false).build())
                .requestTimeout(ANSWER_WAIT)
                // The tools check their own arguments, so a mistake gets a message that says how to fix it.
                .validateToolInputs(false)
                .tools(tool(ToolDefinitions.moka(), transport, onCalls, tools::moka),
                        tool(ToolDefinitions.mokaReply(), transport, onCalls, tools::reply))
                .build();
        return new McpStdioServer(server, calls);
    }

    private static McpServerFeatures.AsyncToolSpecification tool(McpSchema.Tool tool,
            StdioServerTransportProvider transport, Scheduler onCalls,
            BiFunction<ClientLink, Map<String, Object>, McpSchema.CallToolResult> handler) {
        return McpServerFeatures.AsyncToolSpecification.builder()
                .tool(tool)
                .callHandler((McpAsyncServerExchange exchange, McpSchema.CallToolRequest call) -> Mono
                        .fromCallable(() -> handler.apply(new ClientLink(exchange, transport, call), call.arguments()))
                        .subscribeOn(onCalls))
                .build();
    }

    @Override
    public void close() {
        server.close();
        calls.shutdownNow();
    }
}
