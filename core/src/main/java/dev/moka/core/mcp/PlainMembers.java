package dev.moka.core.mcp;

import java.util.Map;

/**
 * The checks and casts by which an MCP answer, read into plain maps and lists, is copied into the SDK's records by
 * hand ({@link InitializeResults}, {@link ListToolsResults}): a member that fails a check sends the whole answer to
 * Jackson instead.
 */
final class PlainMembers {
    private PlainMembers() {}

    static boolean stringOrNull(Object value) {
        return value == null || value instanceof String;
    }

    static boolean booleanOrNull(Object value) {
        return value == null || value instanceof Boolean;
    }

    /** A JSON object (a map keyed by strings), or nothing. */
    static boolean objectOrNull(Object value) {
        return value == null || value instanceof Map<?, ?> map && map.keySet().stream().allMatch(String.class::isInstance);
    }

    /** {@code map}, checked by {@link #objectOrNull}, as the map type a record takes. */
    @SuppressWarnings("unchecked")
    static <K, V> Map<K, V> cast(Object map) {
        return (Map<K, V>) map;
    }
}
