package dev.moka.core.mcp;

import static dev.moka.core.mcp.PlainMembers.booleanOrNull;
import static dev.moka.core.mcp.PlainMembers.cast;
import static dev.moka.core.mcp.PlainMembers.objectOrNull;
import static dev.moka.core.mcp.PlainMembers.stringOrNull;

import io.modelcontextprotocol.spec.McpSchema;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * Converts a server's answer to {@code initialize} into the SDK's record. Jackson's first conversion of it (the
 * result, the server's capabilities and their five records, its implementation) costs ~20 ms of introspection on
 * the first request's critical path; the answer's members are few and plain, so they are copied here. Members the
 * SDK's records do not have are skipped, as Jackson does (servers send newer capabilities such as tasks). An answer
 * with a member of an unexpected type or with icons, and every other type, go to Jackson, so the result stays what
 * the SDK would make (InitializeResultsTest compares on a real server's answer).
 */
final class InitializeResults {
    private static final List<String> SERVER = List.of("name", "title", "version", "description", "websiteUrl");

    private InitializeResults() {}

    /** The result {@code data} holds; null when it is not plainly shaped. */
    static McpSchema.InitializeResult plain(Object data) {
        if (!(data instanceof Map<?, ?> result) || !(result.get("protocolVersion") instanceof String version)
                || !(result.get("capabilities") instanceof Map<?, ?> offered)
                || !(result.get("serverInfo") instanceof Map<?, ?> server) || server.get("icons") != null
                || !SERVER.stream().allMatch(name -> stringOrNull(server.get(name)))
                || !stringOrNull(result.get("instructions")) || !objectOrNull(result.get("_meta"))) {
            return null;
        }
        Map<?, ?> prompts = object(offered.get("prompts"));
        Map<?, ?> resources = object(offered.get("resources"));
        Map<?, ?> tools = object(offered.get("tools"));
        Map<?, ?> completions = object(offered.get("completions"));
        Map<?, ?> logging = object(offered.get("logging"));
        if (!present(offered, "prompts", prompts) || !present(offered, "resources", resources)
                || !present(offered, "tools", tools) || !present(offered, "completions", completions)
                || !present(offered, "logging", logging) || !booleans(prompts, "listChanged")
                || !booleans(resources, "subscribe", "listChanged") || !booleans(tools, "listChanged")
                || !objectOrNull(offered.get("experimental"))
                || !extensions(offered.get("extensions")) || server.get("name") == null
                || server.get("version") == null) {
            return null;
        }
        var capabilities = new McpSchema.ServerCapabilities(
                completions == null ? null : new McpSchema.ServerCapabilities.CompletionCapabilities(),
                cast(offered.get("experimental")),
                logging == null ? null : new McpSchema.ServerCapabilities.LoggingCapabilities(),
                prompts == null ? null : new McpSchema.ServerCapabilities.PromptCapabilities(
                        (Boolean) prompts.get("listChanged")),
                resources == null ? null : new McpSchema.ServerCapabilities.ResourceCapabilities(
                        (Boolean) resources.get("subscribe"), (Boolean) resources.get("listChanged")),
                tools == null ? null : new McpSchema.ServerCapabilities.ToolCapabilities(
                        (Boolean) tools.get("listChanged")),
                cast(offered.get("extensions")));
        var implementation = new McpSchema.Implementation((String) server.get("name"), (String) server.get("title"),
                (String) server.get("version"), (String) server.get("description"), null,
                (String) server.get("websiteUrl"));
        return new McpSchema.InitializeResult(version, capabilities, implementation,
                (String) result.get("instructions"), cast(result.get("_meta")));
    }

    private static Map<?, ?> object(Object value) {
        return value instanceof Map<?, ?> map ? map : null;
    }

    /** False when {@code name} is there but not the plain object {@code read} would be. */
    private static boolean present(Map<?, ?> object, String name, Map<?, ?> read) {
        return read != null || object.get(name) == null;
    }

    private static boolean booleans(Map<?, ?> object, String... members) {
        return object == null || Stream.of(members).allMatch(name -> booleanOrNull(object.get(name)));
    }

    private static boolean extensions(Object value) {
        return value == null || value instanceof Map<?, ?> map && map.values().stream().allMatch(Map.class::isInstance);
    }
}
