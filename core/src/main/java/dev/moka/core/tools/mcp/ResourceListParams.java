package dev.moka.core.tools.mcp;

import dev.moka.protocol.Json;
import tools.jackson.databind.node.ObjectNode;

/** The parameters of {@code list_mcp_resources} and {@code list_mcp_resource_templates}; both may be left out. */
record ResourceListParams(String server, String cursor) {

    /**
     * Written by hand rather than generated: these tools are built while a session opens, on the way to its
     * first request, where generating a schema costs more than it saves.
     */
    static ObjectNode schema() {
        ObjectNode properties = Json.object();
        properties.putObject("server").put("type", "string").put("description",
                "The MCP server to ask, by its name in the configuration. Leave it out to ask every server.");
        properties.putObject("cursor").put("type", "string").put("description",
                "The nextCursor of an earlier listing of the same server, to continue it.");
        ObjectNode schema = Json.object().put("type", "object");
        schema.set("properties", properties);
        schema.put("additionalProperties", false);
        return schema;
    }
}
