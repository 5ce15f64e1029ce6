package dev.moka.core.client;

import dev.moka.core.config.provider.ModelProviderInfo;
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
        new TreeMap<>(identity.lineage()).forEach(headers::put);
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

    private static String encode(String text) {
        return URLEncoder.encode(text, StandardCharsets.UTF_8).replace("+", "%20");
    }
}
