package dev.moka.core.tools.mcp;

import dev.moka.core.mcp.McpServers;
import dev.moka.core.tools.ToolCall;
import dev.moka.core.tools.ToolContext;
import dev.moka.core.tools.ToolDescription;
import dev.moka.core.tools.ToolResult;
import dev.moka.core.tools.TypedTool;
import java.util.Map;

/** The {@code list_mcp_resources} tool: the resources the MCP servers offer, by server. */
public final class ListMcpResources implements TypedTool<ResourceListParams> {
    public static final String NAME = "list_mcp_resources";

    private final ServerPages pages;
    private final String description = ToolDescription.render(ListMcpResources.class, NAME + ".md", Map.of());

    public ListMcpResources(McpServers servers) {
        this.pages = new ServerPages(servers, "resources");
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
    public Class<ResourceListParams> parametersType() {
        return ResourceListParams.class;
    }

    @Override
    public ToolResult call(ResourceListParams params, ToolCall call, ToolContext context) throws InterruptedException {
        return pages.list(params, (server, cursor) -> {
            var result = server.listResources(cursor);
            return new ServerPages.Page(result.resources(), result.nextCursor());
        });
    }
}
