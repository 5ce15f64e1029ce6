package dev.moka.core.client;

import dev.moka.core.config.provider.ModelProviderInfo;
import dev.moka.protocol.Json;
import java.net.URI;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * The body of a {@code POST /chat/completions} request. Key order is fixed and the messages come right after
 * the model, so a request's bytes up to its newest messages are those of the request before. There is no
 * {@code reasoning}, {@code store} or {@code prompt_cache_key} here: Chat Completions servers have none of them
 * (a reasoning model reasons as its server is set up to).
 */
final class ChatRequest {
    private ChatRequest() {}

    /** {@code {base_url}/chat/completions} plus the provider's query parameters. */
    static URI uri(ModelProviderInfo provider) {
        return ProviderRequest.uri(provider, "/chat/completions");
    }

    static ObjectNode body(Prompt prompt) {
        ObjectNode body = Json.object().put("model", prompt.settings().model().slug());
        body.set("messages", ChatMessages.of(prompt.instructions(), prompt.input()));
        ArrayNode tools = ChatTools.render(prompt.tools());
        // OpenAI refuses tool_choice and parallel_tool_calls in a request without tools (a summary request).
        if (!tools.isEmpty()) {
            body.set("tools", tools);
            body.put("tool_choice", "auto");
            body.put("parallel_tool_calls", prompt.settings().model().parallelToolCalls());
        }
        if (prompt.outputSchema() != null) {
            body.putObject("response_format").put("type", "json_schema").putObject("json_schema")
                    .put("name", "moka_output_schema").put("strict", true)
                    .set("schema", prompt.outputSchema().deepCopy());
        }
        body.put("stream", true);
        // Without it a chat server reports no usage when it streams.
        body.putObject("stream_options").put("include_usage", true);
        return body;
    }
}
