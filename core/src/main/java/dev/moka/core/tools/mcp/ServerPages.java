package dev.moka.core.tools.mcp;

import dev.moka.core.mcp.McpCallException;
import dev.moka.core.mcp.McpConnection;
import dev.moka.core.mcp.McpServers;
import dev.moka.core.tools.ToolResult;
import dev.moka.protocol.Json;
import java.util.List;
import java.util.Optional;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * The listing both resource-listing tools share: one server's page, or the first page of every server, each
 * entry tagged with its server, as JSON for the model. A server that fails is reported in the listing, not as
 * a failure of the whole call.
 */
final class ServerPages {
    /** One page of one server: its entries (as the SDK's records) and the cursor of the next page, or null. */
    record Page(List<?> entries, String nextCursor) {}

    /** Reads one page of a server. */
    @FunctionalInterface
    interface Reader {
        Page read(McpConnection server, String cursor) throws McpCallException, InterruptedException;
    }

    private final McpServers servers;
    private final String kind;

    /** {@code kind} names the entries, as the listing's key ({@code resources}, {@code resourceTemplates}). */
    ServerPages(McpServers servers, String kind) {
        this.servers = servers;
        this.kind = kind;
    }

    ToolResult list(ResourceListParams params, Reader reader) throws InterruptedException {
        ObjectNode out = Json.object();
        ArrayNode entries = out.putArray(kind);
        if (params.server() != null) {
            Optional<McpConnection> server = servers.connection(params.server());
            if (server.isEmpty()) {
                return unknownServer(servers, params.server());
            }
            try {
                Page page = reader.read(server.get(), params.cursor());
                add(entries, server.get().name(), page);
                if (page.nextCursor() != null) {
                    out.put("nextCursor", page.nextCursor());
                }
            } catch (McpCallException e) {
                return ToolResult.failure(e.getMessage() + ".", "listing " + kind + " failed");
            }
            return ToolResult.ok(Json.write(out), "", entries.size() + " " + kind);
        }
        ObjectNode more = Json.object();
        ObjectNode failed = Json.object();
        for (McpConnection server : servers.connections()) {
            try {
                Page page = reader.read(server, null);
                add(entries, server.name(), page);
                if (page.nextCursor() != null) {
                    more.put(server.name(), page.nextCursor());
                }
            } catch (McpCallException e) {
                failed.put(server.name(), e.getMessage());
            }
        }
        if (!more.isEmpty()) {
            out.set("nextCursors", more);
        }
        if (!failed.isEmpty()) {
            out.set("errors", failed);
        }
        return ToolResult.ok(Json.write(out), "", entries.size() + " " + kind);
    }

    static ToolResult unknownServer(McpServers servers, String name) {
        return ToolResult.failure("No MCP server is named \"" + name + "\"; the servers are: "
                + String.join(", ", servers.connections().stream().map(McpConnection::name).toList()) + ".",
                "unknown MCP server " + name);
    }

    private static void add(ArrayNode entries, String server, Page page) {
        for (Object entry : page.entries()) {
            ObjectNode tagged = Json.object().put("server", server);
            JsonNode json = JsonMapper.shared().valueToTree(entry);
            if (json instanceof ObjectNode object) {
                tagged.setAll(object);
            }
            entries.add(tagged);
        }
    }
}
