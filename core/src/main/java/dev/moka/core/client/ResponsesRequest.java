package dev.moka.core.client;

import dev.moka.core.config.ModelInfo;
import dev.moka.core.config.ModelProviderInfo;
import dev.moka.protocol.Json;
import dev.moka.protocol.ReasoningEffort;
import dev.moka.protocol.ReasoningSummary;
import dev.moka.protocol.ResponseItem;
import dev.moka.protocol.ResponseItemCodec;
import java.net.URI;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/** The parts of a {@code POST /responses} request that stay the same across retries: URL, body, headers. */
final class ResponsesRequest {
    private ResponsesRequest() {}

    /** {@code {base_url}/responses} plus the provider's query parameters, sorted by name. */
    static URI uri(ModelProviderInfo provider) {
        return uri(provider, "/responses");
    }

    /** {@code {base_url}/responses/compact} plus the provider's query parameters. */
    static URI compactUri(ModelProviderInfo provider) {
        return uri(provider, "/responses/compact");
    }

    /** {@code {base_url}{endpoint}} plus the provider's query parameters, sorted by name. */
    static URI uri(ModelProviderInfo provider, String endpoint) {
        String base = provider.baseUrl().replaceAll("/+$", "");
        String query = new TreeMap<>(provider.queryParams()).entrySet().stream()
                .map(e -> encode(e.getKey()) + "=" + encode(e.getValue()))
                .collect(Collectors.joining("&"));
        String url = base + endpoint + (query.isEmpty() ? "" : "?" + query);
        try {
            return URI.create(url);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("base_url of provider '" + provider.id() + "' is not a valid URL: "
                    + provider.baseUrl(), e);
        }
    }

    /** The JSON body; key order is fixed because the prompt cache matches exact prefixes. */
    static ObjectNode body(Prompt prompt, String conversationId) {
        ObjectNode body = bodyWithoutItems(prompt, conversationId);
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
        if (prompt.instructions() != null) {
            body.put("instructions", prompt.instructions());
        }
        body.putArray("input");
        ArrayNode tools = body.putArray("tools");
        prompt.tools().forEach(tool -> tools.add(ResponsesTools.render(tool)));
        body.put("tool_choice", "auto");
        body.put("parallel_tool_calls", model.parallelToolCalls());
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
     * The headers of every attempt, in sending order (the per-attempt request id is added later). The key is
     * only ever placed in the header {@code auth} names ({@code authorization}, or Azure's {@code api-key}).
     */
    static Map<String, String> headers(ModelProviderInfo provider, Map<String, String> env,
            Map.Entry<String, String> auth, ClientIdentity identity, String conversationId) {
        var headers = new LinkedHashMap<String, String>();
        if (auth != null) {
            headers.put(auth.getKey(), auth.getValue());
        }
        headers.put("content-type", "application/json");
        headers.put("accept", "text/event-stream");
        headers.put("originator", identity.originator());
        headers.put("user-agent", identity.userAgent());
        headers.put("session_id", conversationId);
        addProviderHeaders(provider, env, headers);
        return headers;
    }

    /** The provider's {@code http_headers}, then its {@code env_http_headers} whose variables are set, by name. */
    static void addProviderHeaders(ModelProviderInfo provider, Map<String, String> env, Map<String, String> headers) {
        new TreeMap<>(provider.httpHeaders()).forEach(headers::put);
        new TreeMap<>(provider.envHttpHeaders()).forEach((header, variable) -> {
            String value = env.get(variable);
            if (value != null && !value.isBlank()) {
                headers.put(header, value.trim());
            }
        });
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

    private static String encode(String text) {
        return URLEncoder.encode(text, StandardCharsets.UTF_8).replace("+", "%20");
    }
}
