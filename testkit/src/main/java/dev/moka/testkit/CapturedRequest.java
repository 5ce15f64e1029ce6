package dev.moka.testkit;

import dev.moka.protocol.Json;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import tools.jackson.databind.JsonNode;

/**
 * One HTTP request as the mock server received it. Header names are looked up case-insensitively;
 * {@code query} is the raw query string, empty when there was none.
 */
public record CapturedRequest(String method, String path, String query, Map<String, List<String>> headers,
        String body, long arrivalEpochNanos) {

    public CapturedRequest {
        var copy = new TreeMap<String, List<String>>(String.CASE_INSENSITIVE_ORDER);
        headers.forEach((name, values) -> copy.put(name.toLowerCase(java.util.Locale.ROOT), List.copyOf(values)));
        headers = Collections.unmodifiableMap(copy);
        query = query == null ? "" : query;
    }

    /** The first value of a header, or null when the request did not carry it. */
    public String header(String name) {
        List<String> values = headers.get(name);
        return values == null || values.isEmpty() ? null : values.getFirst();
    }

    /** The decoded value of a query parameter, or null when absent. */
    public String queryParam(String name) {
        for (String pair : query.split("&")) {
            int eq = pair.indexOf('=');
            String key = URLDecoder.decode(eq < 0 ? pair : pair.substring(0, eq), StandardCharsets.UTF_8);
            if (key.equals(name)) {
                return eq < 0 ? "" : URLDecoder.decode(pair.substring(eq + 1), StandardCharsets.UTF_8);
            }
        }
        return null;
    }

    /** The body parsed as JSON; fails with the body in the message when it is not JSON. */
    public JsonNode bodyJson() {
        try {
            return Json.parse(body);
        } catch (RuntimeException e) {
            throw new IllegalStateException("request body is not JSON: " + body, e);
        }
    }

    /** The items of the body's {@code input} array, in order (empty when there is none). */
    public List<JsonNode> input() {
        return array("input");
    }

    /** The body's Chat Completions {@code messages}, in order (empty when there are none). */
    public List<JsonNode> messages() {
        return array("messages");
    }

    private List<JsonNode> array(String field) {
        JsonNode array = bodyJson().get(field);
        List<JsonNode> elements = new ArrayList<>();
        if (array != null) {
            array.forEach(elements::add);
        }
        return List.copyOf(elements);
    }
}
