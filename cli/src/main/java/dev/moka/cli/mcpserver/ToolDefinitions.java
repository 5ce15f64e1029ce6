package dev.moka.cli.mcpserver;

import dev.moka.protocol.Json;
import io.modelcontextprotocol.spec.McpSchema;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import tools.jackson.databind.JsonNode;

/**
 * The tools as clients see them in {@code tools/list}, kept as JSON files beside this class ({@code moka.json},
 * {@code moka-reply.json}) so the schemas read as what goes on the wire.
 */
final class ToolDefinitions {
    private ToolDefinitions() {}

    static McpSchema.Tool moka() {
        return load("moka.json");
    }

    static McpSchema.Tool mokaReply() {
        return load("moka-reply.json");
    }

    private static McpSchema.Tool load(String resource) {
        JsonNode tool;
        try (InputStream in = ToolDefinitions.class.getResourceAsStream(resource)) {
            if (in == null) {
                throw new IllegalStateException("the tool definition " + resource + " is missing from the jar");
            }
            tool = Json.parse(new String(in.readAllBytes(), StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the tool definition " + resource, e);
        }
        return McpSchema.Tool.builder()
                .name(tool.get("name").asString())
                .title(tool.get("title").asString())
                .description(tool.get("description").asString())
                .inputSchema(map(tool.get("inputSchema")))
                .outputSchema(map(tool.get("outputSchema")))
                .build();
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> map(JsonNode node) {
        return Json.MAPPER.convertValue(node, Map.class);
    }
}
