package dev.moka.core.tools.mcp;

import dev.moka.protocol.Json;
import tools.jackson.databind.node.ObjectNode;

/** The parameters of {@code read_mcp_resource}. */
record ResourceReadParams(String server, String uri) {

    /** Written by hand, as {@link ResourceListParams#schema()} is, for the same reason. */
    static ObjectNode schema() {
        ObjectNode properties = Json.object();
        properties.putObject("server").put("type", "string")
                .put("description", "The MCP server that offers the resource, by its name in the configuration.");
        properties.putObject("uri").put("type", "string").put("description", "The URI of the resource.");
        ObjectNode schema = Json.object().put("type", "object");
        schema.set("properties", properties);
        schema.putArray("required").add("server").add("uri");
        schema.put("additionalProperties", false);
        return schema;
    }
}
