package dev.moka.core.tools.mcp;

import dev.moka.core.tools.ToolSpec;
import dev.moka.protocol.Json;
import io.modelcontextprotocol.spec.McpSchema;
import java.util.Comparator;
import java.util.List;
import tools.jackson.databind.node.ObjectNode;

/**
 * MCP tools as tool specs: one {@link ToolSpec.Namespace} {@code mcp__<server>} per server, its functions
 * sorted by name (the Responses API's shape), or the same functions flat as {@code mcp__<server>__<tool>},
 * sorted by name, for wires without namespaces.
 */
public final class McpToolSpecs {
    private McpToolSpecs() {}

    /** The namespaces' members as top-level functions, sorted by name. */
    public static List<ToolSpec.Member> flat(List<ToolSpec.Namespace> namespaces) {
        return namespaces.stream().flatMap(n -> n.flatten().stream())
                .sorted(Comparator.comparing(ToolSpec.Member::name)).toList();
    }

    /** One server's namespace; its members sorted by name. */
    static ToolSpec.Namespace namespace(String namespace, String server, List<ToolSpec.Function> members) {
        return ToolSpec.Namespace.of(namespace, "Tools of the MCP server \"" + server + "\".",
                members.stream().sorted(Comparator.comparing(ToolSpec.Function::name)).toList());
    }

    /** What the model reads about a tool: its description, else its title. */
    /** The data a call returns, as a script receives it: the server's CallToolResult, as a JSON Schema. */
    public static ObjectNode result() {
        ObjectNode schema = Json.object().put("type", "object");
        ObjectNode properties = schema.putObject("properties");
        ObjectNode item = properties.putObject("content").put("type", "array").putObject("items").put("type", "object");
        ObjectNode fields = item.putObject("properties");
        for (String name : List.of("type", "text", "data", "mimeType")) {
            fields.putObject(name).put("type", "string");
        }
        item.putArray("required").add("type");
        properties.putObject("structuredContent");
        properties.putObject("isError").put("type", "boolean");
        schema.putArray("required").add("content");
        return schema;
    }

    static String description(McpSchema.Tool tool) {
        if (tool.description() != null && !tool.description().isBlank()) {
            return tool.description();
        }
        return tool.title() == null ? "" : tool.title();
    }
}
