package dev.moka.core.tools.code;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;
import tools.jackson.databind.JsonNode;

/**
 * A JSON Schema as a TypeScript type, for the declarations the model reads in {@code exec}'s description. One
 * generator serves every tool, Moka's own and MCP servers', so it takes any schema: what TypeScript cannot say
 * (formats, patterns, bounds) is left out, and what it does not understand becomes {@code unknown}.
 */
final class TypeScriptTypes {
    private static final Pattern IDENTIFIER = Pattern.compile("[A-Za-z_$][A-Za-z0-9_$]*");
    /** Deeper schemas are rare and unreadable as one line; past this they are {@code unknown}. */
    private static final int MAX_DEPTH = 8;

    private TypeScriptTypes() {}

    static String of(JsonNode schema) {
        return of(schema, 0);
    }

    private static String of(JsonNode schema, int depth) {
        if (schema == null || !schema.isObject() || depth > MAX_DEPTH) {
            return "unknown";
        }
        if (schema.has("const")) {
            return literal(schema.get("const"));
        }
        if (schema.path("enum").isArray() && !schema.get("enum").isEmpty()) {
            List<String> values = new ArrayList<>();
            schema.get("enum").forEach(value -> values.add(literal(value)));
            return String.join(" | ", values);
        }
        for (String union : List.of("anyOf", "oneOf")) {
            if (schema.path(union).isArray() && !schema.get(union).isEmpty()) {
                List<String> members = new ArrayList<>();
                schema.get(union).forEach(member -> members.add(of(member, depth + 1)));
                return members.stream().distinct().reduce((a, b) -> a + " | " + b).orElseThrow();
            }
        }
        JsonNode type = schema.get("type");
        if (type != null && type.isArray()) {
            List<String> members = new ArrayList<>();
            type.forEach(t -> members.add(ofType(t.asString(""), schema, depth)));
            return String.join(" | ", members.stream().distinct().toList());
        }
        if (type == null && schema.has("properties")) {
            return object(schema, depth);
        }
        return ofType(type == null ? "" : type.asString(""), schema, depth);
    }

    private static String ofType(String type, JsonNode schema, int depth) {
        return switch (type) {
            case "string" -> "string";
            case "number", "integer" -> "number";
            case "boolean" -> "boolean";
            case "null" -> "null";
            case "array" -> {
                String item = of(schema.get("items"), depth + 1);
                yield item.matches("[A-Za-z]+") ? item + "[]" : "Array<" + item + ">";
            }
            case "object" -> object(schema, depth);
            default -> "unknown";
        };
    }

    private static String object(JsonNode schema, int depth) {
        JsonNode properties = schema.get("properties");
        JsonNode additional = schema.get("additionalProperties");
        if (properties == null || !properties.isObject() || properties.isEmpty()) {
            if (additional != null && additional.isObject()) {
                return "Record<string, " + of(additional, depth + 1) + ">";
            }
            return "Record<string, unknown>";
        }
        Set<String> required = new java.util.HashSet<>();
        schema.path("required").forEach(name -> required.add(name.asString("")));
        StringBuilder out = new StringBuilder("{ ");
        Iterator<Map.Entry<String, JsonNode>> fields = properties.properties().iterator();
        while (fields.hasNext()) {
            Map.Entry<String, JsonNode> field = fields.next();
            String name = field.getKey();
            out.append(IDENTIFIER.matcher(name).matches() ? name : quoted(name));
            out.append(required.contains(name) ? ": " : "?: ").append(of(field.getValue(), depth + 1)).append(';');
            out.append(fields.hasNext() ? " " : "");
        }
        return out.append(" }").toString();
    }

    private static String literal(JsonNode value) {
        if (value.isString()) {
            return quoted(value.asString());
        }
        return value.isNumber() || value.isBoolean() || value.isNull() ? value.toString() : "unknown";
    }

    private static String quoted(String text) {
        return "\"" + text.replace("\\", "\\\\").replace("\"", "\\\"").replace("\n", "\\n") + "\"";
    }
}
