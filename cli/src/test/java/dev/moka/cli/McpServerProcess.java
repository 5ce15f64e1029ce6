package dev.moka.cli;

import dev.moka.protocol.Json;
import io.modelcontextprotocol.client.McpClient;
import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.client.transport.ServerParameters;
import io.modelcontextprotocol.client.transport.StdioClientTransport;
import io.modelcontextprotocol.json.McpJsonDefaults;
import io.modelcontextprotocol.json.TypeRef;
import io.modelcontextprotocol.spec.McpClientTransport;
import io.modelcontextprotocol.spec.McpSchema;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Consumer;
import java.util.function.Function;
import reactor.core.publisher.Mono;
import tools.jackson.databind.JsonNode;

/**
 * The real {@code moka mcp-server} process, driven by the MCP SDK's own client, as another MCP client would
 * drive it; it keeps every notification the server sent and every line it wrote to stderr.
 */
final class McpServerProcess implements AutoCloseable {
    private final McpSyncClient client;
    private final List<McpSchema.JSONRPCNotification> notifications;
    private final List<String> stderr;

    private McpServerProcess(McpSyncClient client, List<McpSchema.JSONRPCNotification> notifications,
            List<String> stderr) {
        this.client = client;
        this.notifications = notifications;
        this.stderr = stderr;
    }

    /** A client without elicitation: the server must deny approvals itself. */
    static McpServerProcess start(Path cwd, Map<String, String> env, String... serverArgs) {
        return start(cwd, env, null, serverArgs);
    }

    /** A client that declares elicitation and answers each question with {@code answers} (null: none). */
    static McpServerProcess start(Path cwd, Map<String, String> env,
            Function<McpSchema.ElicitFormRequest, McpSchema.ElicitResult> answers, String... serverArgs) {
        List<String> args = new ArrayList<>(List.of("mcp-server"));
        args.addAll(List.of(serverArgs));
        List<String> command = MokaProcess.command(args.toArray(String[]::new));
        var params = ServerParameters.builder(command.getFirst()).args(command.subList(1, command.size()))
                .env(env).build();
        var stdio = new StdioClientTransport(params, McpJsonDefaults.getMapper()) {
            @Override
            protected ProcessBuilder getProcessBuilder() {
                var builder = new ProcessBuilder().directory(cwd.toFile());
                builder.environment().keySet().removeIf(k -> k.startsWith("MOKA_") || k.startsWith("OPENAI_"));
                return builder;
            }
        };
        List<String> stderr = new CopyOnWriteArrayList<>();
        stdio.setStdErrorHandler(stderr::add);
        List<McpSchema.JSONRPCNotification> notifications = new CopyOnWriteArrayList<>();
        var transport = new Recording(stdio, message -> {
            if (message instanceof McpSchema.JSONRPCNotification notification) {
                notifications.add(notification);
            }
        });
        var spec = McpClient.sync(transport).requestTimeout(Duration.ofSeconds(90))
                .clientInfo(new McpSchema.Implementation("moka-test-client", "1.0"));
        if (answers != null) {
            spec.capabilities(McpSchema.ClientCapabilities.builder().elicitation().build()).elicitation(answers);
        }
        McpSyncClient client = spec.build();
        client.initialize();
        return new McpServerProcess(client, notifications, stderr);
    }

    McpSyncClient client() {
        return client;
    }

    McpSchema.CallToolResult call(String tool, Map<String, Object> arguments) {
        return client.callTool(new McpSchema.CallToolRequest(tool, arguments));
    }

    /** A call that names itself with {@code progressToken}, as a client telling concurrent calls apart does. */
    McpSchema.CallToolResult call(String tool, Map<String, Object> arguments, String progressToken) {
        return client.callTool(new McpSchema.CallToolRequest(tool, arguments, Map.of("progressToken", progressToken)));
    }

    /** The text of a result's one content block. */
    static String text(McpSchema.CallToolResult result) {
        return ((McpSchema.TextContent) result.content().getFirst()).text();
    }

    /** A result's {@code structuredContent} as JSON. */
    static JsonNode structured(McpSchema.CallToolResult result) {
        return Json.MAPPER.valueToTree(result.structuredContent());
    }

    /** The params of every {@code moka/event} notification so far, in order. */
    List<JsonNode> events() {
        return notifications.stream().filter(n -> n.method().equals("moka/event"))
                .map(n -> (JsonNode) Json.MAPPER.valueToTree(n.params())).toList();
    }

    List<String> stderr() {
        return List.copyOf(stderr);
    }

    @Override
    public void close() {
        client.closeGracefully();
    }

    /** The SDK's stdio transport, with every message that arrives shown to {@code seen} first. */
    private record Recording(McpClientTransport delegate, Consumer<McpSchema.JSONRPCMessage> seen)
            implements McpClientTransport {
        @Override
        public Mono<Void> connect(Function<Mono<McpSchema.JSONRPCMessage>, Mono<McpSchema.JSONRPCMessage>> handler) {
            return delegate.connect(incoming -> handler.apply(incoming.doOnNext(seen)));
        }

        @Override
        public Mono<Void> closeGracefully() {
            return delegate.closeGracefully();
        }

        @Override
        public Mono<Void> sendMessage(McpSchema.JSONRPCMessage message) {
            return delegate.sendMessage(message);
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
}
