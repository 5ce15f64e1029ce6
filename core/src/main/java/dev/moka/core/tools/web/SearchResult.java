package dev.moka.core.tools.web;

import dev.moka.protocol.Json;
import tools.jackson.databind.JsonNode;

/** One hit from the search service: four required fields, and optional ones that are empty when absent. */
record SearchResult(String siteName, String title, String url, String snippet, String content, String date,
        String icon, String mime) {

    /** Reads {@code search_results[index]}; the message of a malformed item names the item and the field. */
    static SearchResult read(JsonNode item, int index) throws MalformedAnswer {
        if (item == null || !item.isObject()) {
            throw new MalformedAnswer("search_results[" + index + "] is not an object");
        }
        return new SearchResult(required(item, "site_name", index), required(item, "title", index),
                required(item, "url", index), required(item, "snippet", index), optional(item, "content"),
                optional(item, "date"), optional(item, "icon"), optional(item, "mime"));
    }

    private static String required(JsonNode item, String field, int index) throws MalformedAnswer {
        String value = Json.text(item, field);
        if (value == null) {
            throw new MalformedAnswer("search_results[" + index + "] lacks the string field \"" + field + "\"");
        }
        return value;
    }

    private static String optional(JsonNode item, String field) {
        String value = Json.text(item, field);
        return value == null ? "" : value;
    }

    /** The service's answer does not have the agreed shape. */
    static final class MalformedAnswer extends Exception {
        MalformedAnswer(String message) {
            super(message);
        }
    }
}
