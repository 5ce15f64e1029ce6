package dev.moka.core.tools.mcp;

import dev.moka.protocol.Json;
import java.util.List;
import java.util.Map;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.JsonNodeType;
import tools.jackson.databind.node.ObjectNode;

/**
 * An MCP tool's {@code inputSchema} made into what the function-calling APIs take. Servers write schemas
 * freely (zod's {@code $schema} markers, types left to be inferred, arrays without {@code items}, boolean
 * schemas); the APIs refuse some of that and bill every token of the rest. The top level is always an object
 * with {@code properties}; a nested schema without a type gets the one its keywords imply; {@code true} becomes
 * {@code {}}; arrays get {@code items}. Nothing the model needs is dropped.
 */
final class SchemaCleaner {
    /** Keys that only annotate the schema document, not the arguments. */
    private static final List<String> DOCUMENT_KEYS = List.of("$schema", "$id", "$comment");
    private static final List<String> SCHEMA_MAPS = List.of("properties", "patternProperties", "$defs", "definitions");
    private static final List<String> SCHEMA_LISTS = List.of("anyOf", "oneOf", "allOf", "prefixItems");
    private static final List<String> SCHEMA_VALUES = List.of("items", "additionalProperties", "not", "contains",
            "if", "then", "else");

    private SchemaCleaner() {}

    static ObjectNode clean(Map<String, Object> inputSchema) {
        JsonNode raw = inputSchema == null ? Json.object() : Json.MAPPER.valueToTree(inputSchema);
        ObjectNode schema = raw instanceof ObjectNode object ? object.deepCopy() : Json.object();
        cleanNode(schema);
        // The APIs take only an object at the top: a tool's arguments are always named.
        schema.put("type", "object");
        if (!(schema.get("properties") instanceof ObjectNode)) {
            schema.putObject("properties");
        }
        return schema;
    }

    private static JsonNode cleanValue(JsonNode node) {
        if (node.isBoolean()) {
            return node.asBoolean() ? Json.object() : node;
        }
        if (node instanceof ObjectNode object) {
            cleanNode(object);
        }
        return node;
    }

    private static void cleanNode(ObjectNode schema) {
        DOCUMENT_KEYS.forEach(schema::remove);
        for (String key : SCHEMA_MAPS) {
            if (schema.get(key) instanceof ObjectNode map) {
                for (String name : List.copyOf(map.propertyNames())) {
                    map.set(name, cleanValue(map.get(name)));
                }
            }
        }
        for (String key : SCHEMA_LISTS) {
            if (schema.get(key) instanceof ArrayNode list) {
                for (int i = 0; i < list.size(); i++) {
                    list.set(i, cleanValue(list.get(i)));
                }
            }
        }
        for (String key : SCHEMA_VALUES) {
            JsonNode value = schema.get(key);
            if (value != null && !(key.equals("additionalProperties") && value.isBoolean())) {
                schema.set(key, cleanValue(value));
            }
        }
        if (!schema.has("type")) {
            String implied = impliedType(schema);
            if (implied != null) {
                schema.put("type", implied);
            }
        }
        if (isType(schema, "array") && !schema.has("items") && !schema.has("prefixItems")) {
            schema.putObject("items");
        }
        if (isType(schema, "object") && !schema.has("properties") && !schema.has("additionalProperties")) {
            schema.putObject("properties");
        }
    }

    /** The type a typeless schema's keywords imply, or null when they imply none (a {@code $ref}, a union). */
    private static String impliedType(ObjectNode schema) {
        if (schema.has("$ref") || schema.has("anyOf") || schema.has("oneOf") || schema.has("allOf")) {
            return null;
        }
        if (schema.has("properties") || schema.has("required") || schema.has("additionalProperties")) {
            return "object";
        }
        if (schema.has("items") || schema.has("prefixItems") || schema.has("minItems") || schema.has("maxItems")) {
            return "array";
        }
        if (schema.has("minLength") || schema.has("maxLength") || schema.has("pattern") || schema.has("format")) {
            return "string";
        }
        if (schema.has("minimum") || schema.has("maximum") || schema.has("multipleOf")
                || schema.has("exclusiveMinimum") || schema.has("exclusiveMaximum")) {
            return "number";
        }
        JsonNode values = schema.has("enum") ? schema.get("enum") : schema.get("const");
        return values == null ? null : valueType(values.isArray() && !values.isEmpty() ? values.get(0) : values);
    }

    private static String valueType(JsonNode value) {
        JsonNodeType type = value.getNodeType();
        return switch (type) {
            case STRING -> "string";
            case NUMBER -> value.isIntegralNumber() ? "integer" : "number";
            case BOOLEAN -> "boolean";
            case OBJECT -> "object";
            case ARRAY -> "array";
            case NULL -> "null";
            case BINARY, MISSING, POJO -> null;
        };
    }

    private static boolean isType(ObjectNode schema, String type) {
        JsonNode declared = schema.get("type");
        if (declared == null) {
            return false;
        }
        if (declared.isString()) {
            return declared.asString().equals(type);
        }
        for (JsonNode one : declared) {
            if (one.isString() && one.asString().equals(type)) {
                return true;
            }
        }
        return false;
    }
}
