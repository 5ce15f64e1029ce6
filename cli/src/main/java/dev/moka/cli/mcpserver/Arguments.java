package dev.moka.cli.mcpserver;

import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/** One tool call's arguments, read by name; every mistake names the argument, what came and what fits. */
final class Arguments {
    private final String tool;
    private final Map<String, Object> values;

    /** Refuses names the tool does not take, so a misspelt option is said instead of silently ignored. */
    Arguments(String tool, Map<String, Object> values, Set<String> known) throws ToolError {
        this.tool = tool;
        this.values = values == null ? Map.of() : values;
        for (String name : this.values.keySet()) {
            if (!known.contains(name)) {
                throw new ToolError(tool + ": unknown argument \"" + name + "\"; it takes " + String.join(", ",
                        new TreeSet<>(known)));
            }
        }
    }

    /** A text argument, or null when it is absent (or JSON null). */
    String text(String name) throws ToolError {
        Object value = values.get(name);
        if (value == null || value instanceof String) {
            return (String) value;
        }
        throw new ToolError(tool + ": \"" + name + "\" must be a string, not " + describe(value));
    }

    /** A text argument that must be there and not blank. */
    String requiredText(String name) throws ToolError {
        String value = text(name);
        if (value == null || value.isBlank()) {
            throw new ToolError(tool + ": \"" + name + "\" is required and must not be empty");
        }
        return value;
    }

    /** An object argument, or an empty map when absent. */
    Map<String, Object> object(String name) throws ToolError {
        Object value = values.get(name);
        if (value == null) {
            return Map.of();
        }
        if (value instanceof Map<?, ?> map) {
            @SuppressWarnings("unchecked")
            Map<String, Object> entries = (Map<String, Object>) map;
            return entries;
        }
        throw new ToolError(tool + ": \"" + name + "\" must be an object, not " + describe(value));
    }

    /** The value as its JSON kind and a short sample, for messages. */
    static String describe(Object value) {
        String kind = switch (value) {
            case String _ -> "a string";
            case Boolean _ -> "a boolean";
            case Number _ -> "a number";
            case Map<?, ?> _ -> "an object";
            case Iterable<?> _ -> "an array";
            default -> value.getClass().getSimpleName();
        };
        String text = String.valueOf(value);
        return kind + " (" + (text.length() > 40 ? text.substring(0, 40) + "..." : text) + ")";
    }
}
