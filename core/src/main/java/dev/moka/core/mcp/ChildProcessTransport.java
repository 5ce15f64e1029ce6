package dev.moka.core.mcp;

import io.modelcontextprotocol.client.transport.ServerParameters;
import io.modelcontextprotocol.client.transport.StdioClientTransport;
import io.modelcontextprotocol.json.McpJsonMapper;
import io.modelcontextprotocol.spec.McpSchema;
import java.nio.file.Path;
import java.util.function.Function;
import reactor.core.publisher.Mono;

/**
 * The SDK's stdio transport, starting its process in the server's working directory with an environment
 * that holds only what {@link ServerEnvironment} gives it (the SDK's own would pass down all of Moka's
 * environment), and telling {@code onExit} when the process ends: the SDK itself leaves a request to a dead
 * server waiting until its timeout.
 */
final class ChildProcessTransport extends StdioClientTransport {
    private final Path cwd;
    private final Runnable onExit;

    ChildProcessTransport(ServerParameters parameters, McpJsonMapper mapper, Path cwd, Runnable onExit) {
        super(parameters, mapper);
        this.cwd = cwd;
        this.onExit = onExit;
    }

    @Override
    protected ProcessBuilder getProcessBuilder() {
        ProcessBuilder builder = new ProcessBuilder();
        // The SDK adds the parameters' environment to this one after the call.
        builder.environment().clear();
        builder.directory(cwd.toFile());
        return builder;
    }

    @Override
    public Mono<Void> connect(Function<Mono<McpSchema.JSONRPCMessage>, Mono<McpSchema.JSONRPCMessage>> handler) {
        return super.connect(handler).doOnSuccess(started -> Thread.ofVirtual().name("moka-mcp-exit").start(() -> {
            try {
                awaitForExit();
            } catch (RuntimeException e) {
                return;
            }
            onExit.run();
        }));
    }
}
