package dev.moka.core.tools.mcp;

import dev.moka.core.mcp.McpServers;
import dev.moka.core.tools.ToolCall;
import dev.moka.core.tools.ToolContext;
import dev.moka.core.tools.ToolDescription;
import dev.moka.core.tools.ToolResult;
import dev.moka.core.tools.TypedTool;
import java.util.Map;
import tools.jackson.databind.node.ObjectNode;

/**
 * {@code list_mcp_resources} and {@code list_mcp_resource_templates}: one listing tool, told apart by what it
 * asks the servers for.
 */
final class ListResourcesTool implements TypedTool<ResourceListParams> {
    static final String RESOURCES = "list_mcp_resources";
    static final String TEMPLATES = "list_mcp_resource_templates";

    private final String name;
    private final ServerPages pages;
    private final ServerPages.Reader reader;
    private final String description;

    private ListResourcesTool(String name, ServerPages pages, ServerPages.Reader reader) {
        this.name = name;
        this.pages = pages;
        this.reader = reader;
        this.description = ToolDescription.render(ListResourcesTool.class, name + ".md", Map.of());
    }

    static ListResourcesTool resources(McpServers servers) {
        return new ListResourcesTool(RESOURCES, new ServerPages(servers, "resources"), (server, cursor) -> {
            var result = server.listResources(cursor);
            return new ServerPages.Page(result.resources(), result.nextCursor());
        });
    }

    static ListResourcesTool templates(McpServers servers) {
        return new ListResourcesTool(TEMPLATES, new ServerPages(servers, "resourceTemplates"), (server, cursor) -> {
            var result = server.listResourceTemplates(cursor);
            return new ServerPages.Page(result.resourceTemplates(), result.nextCursor());
        });
    }

    @Override
    public String name() {
        return name;
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
    public ObjectNode parametersSchema() {
        return ResourceListParams.schema();
    }

    @Override
    public ToolResult call(ResourceListParams params, ToolCall call, ToolContext context) throws InterruptedException {
        return pages.list(params, reader);
    }
}
