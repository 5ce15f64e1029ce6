package dev.moka.core.client;

import dev.moka.core.config.model.ModelInfo;
import dev.moka.core.config.provider.ModelProviderInfo;
import dev.moka.protocol.Json;
import dev.moka.protocol.ReasoningEffort;
import dev.moka.protocol.ReasoningSummary;
import dev.moka.protocol.ResponseItem;
import dev.moka.protocol.ResponseItemCodec;
import java.net.URI;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/** The parts of a {@code POST /responses} request that stay the same across retries: URL and body. */
final class ResponsesRequest {
    private ResponsesRequest() {}

    /** {@code {base_url}/responses} plus the provider's query parameters, sorted by name. */
    static URI uri(ModelProviderInfo provider) {
        return ProviderRequest.uri(provider, "/responses");
    }

    /** {@code {base_url}/responses/compact} plus the provider's query parameters. */
    static URI compactUri(ModelProviderInfo provider) {
        return ProviderRequest.uri(provider, "/responses/compact");
    }

    /** The JSON body; key order is fixed because the prompt cache matches exact prefixes. */
    static ObjectNode body(Prompt prompt, String conversationId) {
        ObjectNode body = bodyWithoutItems(prompt, conversationId);
        // The input may already hold the code-mode prefix; the conversation follows it.
        ArrayNode input = (ArrayNode) body.get("input");
        for (ResponseItem item : prompt.input()) {
            if (!(item instanceof ResponseItem.Unknown)) {
                input.add(ResponseItemCodec.toJson(item));
            }
        }
        return body;
    }

    /** The body with an empty {@code input} array, for {@link RequestBodyEncoder} to fill. */
    static ObjectNode bodyWithoutItems(Prompt prompt, String conversationId) {
        ModelSettings settings = prompt.settings();
        ModelInfo model = settings.model();
        ObjectNode body = Json.object().put("model", model.slug());
        boolean prefixed = prompt.placement() == ToolPlacement.INPUT_PREFIX;
        if (prompt.instructions() != null && !prefixed) {
            body.put("instructions", prompt.instructions());
        }
        ArrayNode input = body.putArray("input");
        if (prefixed) {
            inputPrefix(prompt, conversationId).forEach(input::add);
        } else {
            ArrayNode tools = body.putArray("tools");
            prompt.tools().forEach(tool -> tools.add(ResponsesTools.render(tool)));
        }
        body.put("tool_choice", "auto");
        // A code-mode model runs one script at a time; the script itself runs tools side by side.
        body.put("parallel_tool_calls", !prefixed && model.parallelToolCalls());
        if (model.supportsReasoning()) {
            body.set("reasoning", reasoning(settings));
        }
        body.put("store", false);
        body.put("stream", true);
        if (model.supportsReasoning()) {
            body.putArray("include").add("reasoning.encrypted_content");
        }
        body.put("prompt_cache_key", conversationId);
        ObjectNode text = Json.object();
        if (model.supportsVerbosity() && settings.verbosity() != null) {
            text.put("verbosity", settings.verbosity().wire());
        }
        if (prompt.outputSchema() != null) {
            text.putObject("format").put("type", "json_schema").put("name", "moka_output_schema")
                    .put("strict", true).set("schema", prompt.outputSchema().deepCopy());
        }
        if (!text.isEmpty()) {
            body.set("text", text);
        }
        return body;
    }

    /**
     * What a code-mode request's input starts with, the same bytes in every request of the conversation: the
     * tools as an {@code additional_tools} item (its id derived from the conversation's), then the base
     * instructions as a developer message.
     */
    static java.util.List<ObjectNode> inputPrefix(Prompt prompt, String conversationId) {
        ObjectNode tools = Json.object().put("type", "additional_tools")
                .put("id", "at_" + conversationId.replace("-", "")).put("role", "developer");
        ArrayNode list = tools.putArray("tools");
        prompt.tools().forEach(tool -> list.add(ResponsesTools.render(tool)));
        if (prompt.instructions() == null) {
            return java.util.List.of(tools);
        }
        return java.util.List.of(tools,
                ResponseItemCodec.toJson(ResponseItem.Message.developer(prompt.instructions())));
    }

    /** The compact endpoint takes the same body, answered as one JSON document rather than a stream. */
    static ObjectNode compactBody(Prompt prompt, String conversationId) {
        ObjectNode body = body(prompt, conversationId);
        body.remove("stream");
        return body;
    }

    private static ObjectNode reasoning(ModelSettings settings) {
        ObjectNode reasoning = Json.object();
        ReasoningEffort effort = settings.effort() != null ? settings.effort() : settings.model().defaultEffort();
        if (effort != null) {
            reasoning.put("effort", effort.wire());
        }
        if (settings.summary() != null && settings.summary() != ReasoningSummary.NONE) {
            reasoning.put("summary", settings.summary().wire());
        }
        return reasoning;
    }
}
