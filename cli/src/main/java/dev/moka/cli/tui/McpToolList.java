package dev.moka.cli.tui;

import java.util.Map;
import tools.jackson.databind.JsonNode;

/** What {@code /mcp} shows: the tools the session's MCP servers offer now, each with its description. */
final class McpToolList {
    private McpToolList() {}

    /** {@code tools} by the name the model calls each by, as the engine's answer to {@code ListMcpTools} has them. */
    static Cell cell(Map<String, JsonNode> tools) {
        if (tools.isEmpty()) {
            return new Cell.Notice("No MCP tools: no MCP server is configured, or none has started "
                    + "(moka mcp list shows them)", Cell.Notice.Kind.INFO);
        }
        StringBuilder text = new StringBuilder("MCP tools (" + tools.size() + ")");
        tools.forEach((name, tool) -> {
            String description = tool.path("description").asString("").strip().lines().findFirst().orElse("");
            text.append("\n  ").append(name).append(description.isEmpty() ? "" : " - " + description);
        });
        return new Cell.Notice(Clean.text(text.toString()), Cell.Notice.Kind.INFO);
    }
}
