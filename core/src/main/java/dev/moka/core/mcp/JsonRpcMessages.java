package dev.moka.core.mcp;

import io.modelcontextprotocol.json.McpJsonMapper;
import io.modelcontextprotocol.json.TypeRef;
import io.modelcontextprotocol.spec.McpSchema;
import java.io.IOException;
import java.util.HashMap;
import java.util.Map;

/**
 * Reads a JSON-RPC message from a server. The SDK's own reader parses the text into a map and then has Jackson
 * convert that map into the envelope record, which costs Jackson ~20 ms of first-time introspection of the
 * envelope types on the start-up's critical path, while both cores are busy; the envelope has only four members,
 * so it is built here from the map, with the same record constructors (and their checks). The members (params,
 * result) stay the untyped maps the SDK's reader gives too, and the SDK converts them to their types as before.
 * A message that is not plainly shaped (a member of an unexpected type, an error object) goes to the SDK's
 * reader, so its handling stays exactly the SDK's.
 */
final class JsonRpcMessages {
    private static final TypeRef<HashMap<String, Object>> MAP = new TypeRef<>() { };

    private JsonRpcMessages() {}

    /** The message in {@code json}; throws as the SDK's reader does when it is none. */
    static McpSchema.JSONRPCMessage read(McpJsonMapper mapper, String json) throws IOException {
        HashMap<String, Object> map = mapper.readValue(json, MAP);
        McpSchema.JSONRPCMessage message = map == null ? null : plain(map);
        return message != null ? message : McpSchema.deserializeJsonRpcMessage(mapper, json);
    }

    /** The message the SDK's reader would make of {@code map}; null when it is not plainly shaped. */
    private static McpSchema.JSONRPCMessage plain(Map<String, Object> map) {
        if (!(map.get("jsonrpc") instanceof String version)) {
            return null;
        }
        boolean hasId = map.containsKey("id");
        if (map.containsKey("method")) {
            if (!(map.get("method") instanceof String method)) {
                return null;
            }
            return hasId ? new McpSchema.JSONRPCRequest(version, method, map.get("id"), map.get("params"))
                    : new McpSchema.JSONRPCNotification(version, method, map.get("params"));
        }
        if (map.containsKey("result") && map.get("error") == null) {
            return new McpSchema.JSONRPCResponse(version, map.get("id"), map.get("result"), null);
        }
        return null;
    }
}
