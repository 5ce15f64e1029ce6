package dev.moka.core.client;

import dev.moka.core.tools.ToolSpec;
import dev.moka.protocol.ResponseItem;
import java.util.List;
import tools.jackson.databind.JsonNode;

/**
 * Everything one request sends: instructions, the conversation so far, the tool definitions, and an
 * optional JSON Schema for the final answer ({@code outputSchema}, null when absent). {@code placement} says
 * where the Responses wire carries the tools and instructions.
 */
public record Prompt(ModelSettings settings, String instructions, List<ResponseItem> input, List<ToolSpec> tools,
        JsonNode outputSchema, ToolPlacement placement) {
    public Prompt {
        input = List.copyOf(input);
        tools = List.copyOf(tools);
        placement = placement == null ? ToolPlacement.TOP_LEVEL : placement;
    }

    public Prompt(ModelSettings settings, String instructions, List<ResponseItem> input, List<ToolSpec> tools,
            JsonNode outputSchema) {
        this(settings, instructions, input, tools, outputSchema, ToolPlacement.TOP_LEVEL);
    }
}
