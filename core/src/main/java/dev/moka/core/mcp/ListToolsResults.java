package dev.moka.core.mcp;

import static dev.moka.core.mcp.PlainMembers.booleanOrNull;
import static dev.moka.core.mcp.PlainMembers.cast;
import static dev.moka.core.mcp.PlainMembers.objectOrNull;
import static dev.moka.core.mcp.PlainMembers.stringOrNull;

import io.modelcontextprotocol.spec.McpSchema;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Converts a server's answer to {@code tools/list} into the SDK's record, as {@link InitializeResults} does the
 * answer to {@code initialize}: Jackson's first conversion of it (the result, each tool, its annotations) costs
 * ~25 ms of introspection on the way to the first request, which waits for every server's tools. A tool's schemas
 * and _meta are the untyped maps the SDK keeps them as, so they are taken as read. Members the records lack are
 * skipped, as Jackson does; an answer with a member of an unexpected type or with icons goes to Jackson, so the
 * result stays what the SDK would make (ListToolsResultsTest compares on real servers' answers).
 */
final class ListToolsResults {
    private static final List<String> HINTS = List.of("readOnlyHint", "destructiveHint", "idempotentHint",
            "openWorldHint", "returnDirect");

    private ListToolsResults() {}

    /** The result {@code data} holds; null when it is not plainly shaped. */
    static McpSchema.ListToolsResult plain(Object data) {
        if (!(data instanceof Map<?, ?> result) || !(result.get("tools") instanceof List<?> listed)
                || !stringOrNull(result.get("nextCursor"))
                || !objectOrNull(result.get("_meta"))) {
            return null;
        }
        List<McpSchema.Tool> tools = new ArrayList<>(listed.size());
        for (Object each : listed) {
            McpSchema.Tool tool = tool(each);
            if (tool == null) {
                return null;
            }
            tools.add(tool);
        }
        return new McpSchema.ListToolsResult(tools, (String) result.get("nextCursor"), cast(result.get("_meta")));
    }

    private static McpSchema.Tool tool(Object data) {
        if (!(data instanceof Map<?, ?> tool) || !(tool.get("name") instanceof String name) || tool.get("icons") != null
                || !stringOrNull(tool.get("title")) || !stringOrNull(tool.get("description"))
                || !objectOrNull(tool.get("inputSchema")) || !objectOrNull(tool.get("outputSchema"))
                || !objectOrNull(tool.get("_meta"))) {
            return null;
        }
        McpSchema.ToolAnnotations annotations = null;
        if (tool.get("annotations") != null) {
            if (!(tool.get("annotations") instanceof Map<?, ?> hints) || !stringOrNull(hints.get("title"))
                    || !HINTS.stream().allMatch(hint -> booleanOrNull(hints.get(hint)))) {
                return null;
            }
            annotations = new McpSchema.ToolAnnotations((String) hints.get("title"),
                    (Boolean) hints.get("readOnlyHint"), (Boolean) hints.get("destructiveHint"),
                    (Boolean) hints.get("idempotentHint"), (Boolean) hints.get("openWorldHint"),
                    (Boolean) hints.get("returnDirect"));
        }
        return new McpSchema.Tool(name, (String) tool.get("title"), (String) tool.get("description"),
                cast(tool.get("inputSchema")), cast(tool.get("outputSchema")), annotations, cast(tool.get("_meta")),
                null);
    }

}
