package dev.moka.cli.mcpserver;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * A JSON value from a tool call written as a TOML value, so the {@code config} argument goes through the same
 * {@code -c key=value} path as the command line's overrides and meets the same checks.
 */
final class TomlLiteral {
    private TomlLiteral() {}

    /** {@code value} (as the SDK decoded the JSON) in TOML; {@code key} names it in the error for a null. */
    static String of(String key, Object value) throws ToolError {
        return switch (value) {
            case null -> throw new ToolError("moka: config \"" + key + "\" is null; give it a value or leave it out");
            case String text -> string(text);
            case Boolean flag -> flag.toString();
            case Double number when number.isNaN() || number.isInfinite() -> throw new ToolError(
                    "moka: config \"" + key + "\" is not a finite number");
            case BigDecimal number -> number.toPlainString();
            case Number number -> number.toString();
            case List<?> list -> array(key, list);
            case Map<?, ?> map -> table(key, map);
            default -> throw new ToolError("moka: config \"" + key + "\" has a value TOML cannot hold: "
                    + Arguments.describe(value));
        };
    }

    private static String array(String key, List<?> list) throws ToolError {
        List<String> items = new ArrayList<>();
        for (Object item : list) {
            items.add(of(key + "[]", item));
        }
        return "[" + String.join(", ", items) + "]";
    }

    private static String table(String key, Map<?, ?> map) throws ToolError {
        List<String> entries = new ArrayList<>();
        for (var entry : map.entrySet()) {
            String name = String.valueOf(entry.getKey());
            entries.add(string(name) + " = " + of(key + "." + name, entry.getValue()));
        }
        return "{" + String.join(", ", entries) + "}";
    }

    /** A TOML basic string: quotes, backslashes and control characters escaped. */
    static String string(String text) {
        StringBuilder out = new StringBuilder(text.length() + 2).append('"');
        text.codePoints().forEach(c -> {
            switch (c) {
                case '"' -> out.append("\\\"");
                case '\\' -> out.append("\\\\");
                case '\n' -> out.append("\\n");
                case '\t' -> out.append("\\t");
                case '\r' -> out.append("\\r");
                default -> {
                    if (c < 0x20 || c == 0x7f) {
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
