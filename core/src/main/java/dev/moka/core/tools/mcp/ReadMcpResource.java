package dev.moka.core.tools.mcp;

import dev.moka.core.mcp.McpCallException;
import dev.moka.core.mcp.McpConnection;
import dev.moka.core.mcp.McpServers;
import dev.moka.core.tools.ToolCall;
import dev.moka.core.tools.ToolContext;
import dev.moka.core.tools.ToolDescription;
import dev.moka.core.tools.ToolResult;
import dev.moka.core.tools.TypedTool;
import dev.moka.protocol.ContentItem;
import dev.moka.protocol.ResponseItem;
import io.modelcontextprotocol.spec.McpSchema;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Consumer;
import tools.jackson.databind.node.ObjectNode;

/** The {@code read_mcp_resource} tool: one resource of an MCP server, by URI. */
final class ReadMcpResource implements TypedTool<ResourceReadParams> {
    static final String NAME = "read_mcp_resource";

    private final McpServers servers;
    private final Consumer<ResponseItem> followUps;
    private final String description = ToolDescription.render(ReadMcpResource.class, NAME + ".md", Map.of());

    ReadMcpResource(McpServers servers, Consumer<ResponseItem> followUps) {
        this.servers = servers;
        this.followUps = followUps;
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public String description() {
        return description;
    }

    @Override
    public Class<ResourceReadParams> parametersType() {
        return ResourceReadParams.class;
    }

    @Override
    public ObjectNode parametersSchema() {
        return ResourceReadParams.schema();
    }

    @Override
    public ToolResult call(ResourceReadParams params, ToolCall call, ToolContext context) throws InterruptedException {
        Optional<McpConnection> server = servers.connection(params.server());
        if (server.isEmpty()) {
            return ServerPages.unknownServer(servers, params.server());
        }
        McpSchema.ReadResourceResult result;
        try {
            result = server.get().readResource(params.uri());
        } catch (McpCallException e) {
            return ToolResult.failure(e.getMessage() + ".", "cannot read " + params.uri());
        }
        List<ContentItem> images = new ArrayList<>();
        List<String> parts = new ArrayList<>();
        for (McpSchema.ResourceContents contents : result.contents() == null ? List.<McpSchema.ResourceContents>of()
                : result.contents()) {
            parts.add(McpResults.resource(contents, params.uri(), images));
        }
        if (!images.isEmpty()) {
            followUps.accept(McpResults.imageMessage(params.uri(), call.callId(), images));
        }
        return ToolResult.ok(parts.isEmpty() ? "The resource is empty." : String.join("\n", parts), "",
                "read " + params.uri());
    }
}
