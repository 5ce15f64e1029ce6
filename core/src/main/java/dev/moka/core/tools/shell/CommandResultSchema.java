package dev.moka.core.tools.shell;

import dev.moka.protocol.Json;
import tools.jackson.databind.node.ObjectNode;

/** The data every shell tool's call returns (see {@code ToolResult.structured}), as a JSON Schema. */
public final class CommandResultSchema {
    private CommandResultSchema() {}

    public static ObjectNode schema() {
        ObjectNode schema = Json.object().put("type", "object");
        ObjectNode properties = schema.putObject("properties");
        properties.putObject("output").put("type", "string");
        properties.putObject("exit_code").put("type", "integer");
        properties.putObject("session_id").put("type", "integer");
        properties.putObject("original_token_count").put("type", "integer");
        properties.putObject("wall_time_seconds").put("type", "number");
        schema.putArray("required").add("output").add("wall_time_seconds");
        return schema;
    }
}
