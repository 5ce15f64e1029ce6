package dev.moka.core.config.toml;

import dev.moka.protocol.WireEnum;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Typed reads of configuration values. Each takes a node that may be null (the key is absent) and then
 * returns null; a value of the wrong type is a {@link ConfigException} that names the key and the fix.
 */
public final class ConfigValues {

    private ConfigValues() {}

    public static String string(ConfigNode node) throws ConfigException {
        return node == null ? null : scalar(node, String.class, "a string", "put the value in double quotes");
    }

    public static Long integer(ConfigNode node) throws ConfigException {
        return node == null ? null : scalar(node, Long.class, "an integer", "write a whole number without quotes");
    }

    public static Boolean bool(ConfigNode node) throws ConfigException {
        return node == null ? null : scalar(node, Boolean.class, "a boolean", "write true or false without quotes");
    }

    public static <E extends Enum<E> & WireEnum> E choice(ConfigNode node, Class<E> type) throws ConfigException {
        String text = string(node);
        if (text == null) {
            return null;
        }
        return WireEnum.parse(type, text).orElseThrow(() -> node.error(
                "unknown value " + quote(text) + "; expected one of " + WireEnum.choices(type)));
    }

    public static ConfigNode.Table table(ConfigNode node) throws ConfigException {
        return switch (node) {
            case null -> null;
            case ConfigNode.Table table -> table;
            case ConfigNode.Value ignored -> throw mismatch(node, "a table",
                    "write a table such as { key = \"value\" } or a [section]");
        };
    }

    /** A table whose values are all strings, such as {@code http_headers}. */
    public static Map<String, String> stringMap(ConfigNode node) throws ConfigException {
        ConfigNode.Table table = table(node);
        if (table == null) {
            return null;
        }
        Map<String, String> out = new LinkedHashMap<>();
        for (var entry : table.entries().entrySet()) {
            out.put(entry.getKey(), string(entry.getValue()));
        }
        return out;
    }

    /** An array whose items are all strings, such as {@code writable_roots}. */
    public static List<String> strings(ConfigNode node) throws ConfigException {
        if (node == null) {
            return null;
        }
        if (!(node instanceof ConfigNode.Value value && value.value() instanceof List<?> array)) {
            throw mismatch(node, "an array of strings", "write an array such as [\"/path/one\", \"/path/two\"]");
        }
        List<String> out = new ArrayList<>(array.size());
        for (int i = 0; i < array.size(); i++) {
            if (!(array.get(i) instanceof String item)) {
                throw node.error("expected an array of strings, but item " + (i + 1) + " is "
                        + describe(array.get(i)) + "; put every item in double quotes");
            }
            out.add(item);
        }
        return out;
    }

    private static <T> T scalar(ConfigNode node, Class<T> type, String expected, String fix)
            throws ConfigException {
        if (node instanceof ConfigNode.Value value && type.isInstance(value.value())) {
            return type.cast(value.value());
        }
        throw mismatch(node, expected, fix);
    }

    private static ConfigException mismatch(ConfigNode node, String expected, String fix) {
        String found = switch (node) {
            case ConfigNode.Table ignored -> "a table";
            case ConfigNode.Value value -> describe(value.value());
        };
        return node.error("expected " + expected + ", found " + found + "; " + fix);
    }

    static String describe(Object value) {
        return switch (value) {
            case String s -> "a string (" + quote(s) + ")";
            case Long l -> "an integer (" + l + ")";
            case Double d -> "a float (" + d + ")";
            case Boolean b -> "a boolean (" + b + ")";
            case BigInteger i -> "an integer too large for 64 bits (" + i + ")";
            case List<?> ignored -> "an array";
            case Map<?, ?> ignored -> "a table";
            case null -> "nothing";
            default -> "a date or time (" + value + ")";
        };
    }

    /** The text in double quotes with escapes, so a message stays on one line whatever the value holds. */
    public static String quote(String text) {
        StringBuilder out = new StringBuilder("\"");
        text.codePoints().forEach(c -> {
            switch (c) {
                case '"' -> out.append("\\\"");
                case '\\' -> out.append("\\\\");
                case '\n' -> out.append("\\n");
                case '\r' -> out.append("\\r");
                case '\t' -> out.append("\\t");
                default -> {
                    if (Character.isISOControl(c)) {
                        out.append(String.format("\\u%04x", c));
                    } else {
                        out.appendCodePoint(c);
                    }
                }
            }
        });
        return out.append('"').toString();
    }
}
