package dev.moka.core.mcp;

import dev.moka.protocol.Json;
import io.modelcontextprotocol.json.McpJsonMapper;
import io.modelcontextprotocol.json.TypeRef;
import io.modelcontextprotocol.spec.McpSchema;
import java.io.IOException;
import java.util.HashMap;
import java.util.Map;
import tools.jackson.databind.node.ObjectNode;

/**
 * Reads and writes the JSON-RPC messages of a server's start-up with less of Jackson's first-time work, which sits
 * on the first request's critical path while both cores are busy starting Moka.
 * <p>Reading: the SDK's reader parses the text into a map and has Jackson convert that map into its envelope
 * record, ~20 ms of first-time introspection; the envelope has four members, so it is built here from the map
 * with the same record constructors (and their checks). Its params or result stay the untyped map the SDK's
 * reader gives too. A message not plainly shaped (a member of an unexpected type, an error) goes to the SDK's
 * reader, so its handling stays exactly the SDK's.
 * <p>Writing: Jackson's first serialization of the SDK's {@code initialize} request (its capability and client
 * records) costs ~20 ms, and of the other two messages of a start-up (the {@code notifications/initialized}
 * notification and the {@code tools/list} request) ~18 ms more; these are written here from their few members.
 * One that sets a member Moka does not (roots, sampling, experimental, extensions, a title, icons, _meta, a cursor,
 * params of a notification...) and every other message go to Jackson. JsonRpcMessagesTest compares both ways with
 * the SDK's.
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

    /** The one line of JSON {@code message} is written as. */
    static byte[] write(McpJsonMapper mapper, McpSchema.JSONRPCMessage message) throws IOException {
        ObjectNode plain = switch (message) {
            case McpSchema.JSONRPCRequest request when request.params() instanceof McpSchema.InitializeRequest
                    initialize -> plain(request, initialize);
            case McpSchema.JSONRPCRequest request when request.params() == null
                    || request.params() instanceof McpSchema.PaginatedRequest page && page.cursor() == null
                            && page.meta() == null -> withoutParams(request);
            case McpSchema.JSONRPCNotification notification when notification.params() == null ->
                    Json.object().put("jsonrpc", notification.jsonrpc()).put("method", notification.method());
            default -> null;
        };
        return mapper.writeValueAsBytes(plain != null ? plain : message);
    }

    /**
     * A request whose params are none or the first page of a list ({@code tools/list} at start-up), written as
     * Jackson writes it: the first page's params are an empty object.
     */
    private static ObjectNode withoutParams(McpSchema.JSONRPCRequest request) {
        ObjectNode written = envelope(request);
        if (written != null && request.params() != null) {
            written.putObject("params");
        }
        return written;
    }

    /** The request's members but its params; null when its id is neither text nor a number Jackson writes so. */
    private static ObjectNode envelope(McpSchema.JSONRPCRequest request) {
        ObjectNode written = Json.object().put("jsonrpc", request.jsonrpc()).put("method", request.method());
        return switch (request.id()) {
            case String id -> written.put("id", id);
            case Integer id -> written.put("id", id);
            case null, default -> null;
        };
    }

    /** Moka's {@code initialize} request as a tree; null when it sets a member written only by Jackson. */
    private static ObjectNode plain(McpSchema.JSONRPCRequest request, McpSchema.InitializeRequest initialize) {
        McpSchema.ClientCapabilities capabilities = initialize.capabilities();
        McpSchema.Implementation client = initialize.clientInfo();
        if (initialize.meta() != null || capabilities == null || capabilities.experimental() != null
                || capabilities.roots() != null || capabilities.sampling() != null
                || capabilities.extensions() != null || client == null || client.title() != null
                || client.description() != null || client.icons() != null || client.websiteUrl() != null
                || !(request.id() instanceof String || request.id() instanceof Integer)) {
            return null;
        }
        ObjectNode written = envelope(request);
        ObjectNode params = written.putObject("params");
        putIfPresent(params, "protocolVersion", initialize.protocolVersion());
        ObjectNode offered = params.putObject("capabilities");
        if (capabilities.elicitation() != null) {
            ObjectNode elicitation = offered.putObject("elicitation");
            if (capabilities.elicitation().form() != null) {
                elicitation.putObject("form");
            }
            if (capabilities.elicitation().url() != null) {
                elicitation.putObject("url");
            }
        }
        ObjectNode info = params.putObject("clientInfo");
        putIfPresent(info, "name", client.name());
        putIfPresent(info, "version", client.version());
        return written;
    }

    private static void putIfPresent(ObjectNode node, String name, String value) {
        if (value != null) {
            node.put(name, value);
        }
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
