package dev.moka.core.client;

import dev.moka.core.client.ModelClientException.Kind;
import dev.moka.core.config.ModelProviderInfo;
import java.net.URI;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;

/** What every request to a model provider carries, whatever its wire API: the URL, the key and the headers. */
final class ProviderRequest {
    private ProviderRequest() {}

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

    /** The provider's API key; null when it needs none, a failure when the variable it names is unset. */
    static String apiKey(ModelProviderInfo provider, Map<String, String> env) throws ModelClientException {
        String apiKey = provider.apiKey(env);
        if (provider.envKey() != null && apiKey == null) {
            throw new ModelClientException(Kind.UNAUTHORIZED, provider.envKey() + " is not set: set it to your API key"
                    + " (it is the env_key of model provider '" + provider.id() + "')");
        }
        return apiKey;
    }

    /**
     * The headers of every attempt, in sending order (the per-attempt request id is added later). The key
     * is only ever placed in {@code authorization}.
     */
    static Map<String, String> headers(ModelProviderInfo provider, Map<String, String> env, String apiKey,
            ClientIdentity identity, String conversationId) {
        var headers = new LinkedHashMap<String, String>();
        if (apiKey != null) {
            headers.put("authorization", "Bearer " + apiKey);
        }
        headers.put("content-type", "application/json");
        headers.put("accept", "text/event-stream");
        headers.put("originator", identity.originator());
        headers.put("user-agent", identity.userAgent());
        headers.put("session_id", conversationId);
        new TreeMap<>(provider.httpHeaders()).forEach(headers::put);
        new TreeMap<>(provider.envHttpHeaders()).forEach((header, variable) -> {
            String value = env.get(variable);
            if (value != null && !value.isBlank()) {
                headers.put(header, value.trim());
            }
        });
        return headers;
    }

    private static String encode(String text) {
        return URLEncoder.encode(text, StandardCharsets.UTF_8).replace("+", "%20");
    }
}
