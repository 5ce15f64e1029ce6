package dev.moka.core.client;

import dev.moka.core.tools.ToolSpec;
import dev.moka.protocol.ResponseItem;
import java.util.List;
import tools.jackson.databind.JsonNode;

/**
 * Everything one request sends: instructions, the conversation so far, the tool definitions, and an
 * optional JSON Schema for the final answer ({@code outputSchema}, null when absent).
 */
public record Prompt(ModelSettings settings, String instructions, List<ResponseItem> input, List<ToolSpec> tools,
        JsonNode outputSchema) {
    public Prompt {
        input = List.copyOf(input);
        tools = List.copyOf(tools);
    }
}
