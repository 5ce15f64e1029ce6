package dev.moka.core.tools;

import dev.moka.protocol.Json;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/** Reads a tool call's JSON arguments field by field, with errors that tell the model exactly what to fix. */
public final class ToolArguments {
    private static final int SHOWN_VALUE_CHARS = 60;

    private ToolArguments() {}

    /** Arguments the model has to correct; the message names the field, the bad value and the fix. */
    public static final class Invalid extends Exception {
        public Invalid(String message) {
            super(message);
        }
    }

    /** The arguments as a JSON object. */
    public static ObjectNode object(String arguments) throws Invalid {
        if (arguments == null || arguments.isBlank()) {
            throw new Invalid("the arguments are empty: send a JSON object");
        }
        JsonNode node;
        try {
            node = Json.parse(arguments);
        } catch (JacksonException e) {
            throw new Invalid("the arguments are not valid JSON (" + e.getOriginalMessage() + ")");
        }
        if (!(node instanceof ObjectNode object)) {
            throw new Invalid("the arguments must be a JSON object, got " + describe(node));
        }
        return object;
    }

    /** The field's value; absent and JSON null are both missing. */
    public static JsonNode required(ObjectNode args, String field) throws Invalid {
        JsonNode value = args.get(field);
        if (value == null || value.isNull()) {
            throw new Invalid("missing required field \"" + field + "\"");
        }
        return value;
    }

    /** The field as a string, or null when absent or JSON null. */
    public static String optionalString(ObjectNode args, String field) throws Invalid {
        JsonNode value = args.get(field);
        if (value == null || value.isNull()) {
            return null;
        }
        if (!value.isString()) {
            throw new Invalid("\"" + field + "\" must be a string, got " + describe(value));
        }
        return value.asString();
    }

    /** The field as a boolean, or null when absent or JSON null. */
    public static Boolean optionalBoolean(ObjectNode args, String field) throws Invalid {
        JsonNode value = args.get(field);
        if (value == null || value.isNull()) {
            return null;
        }
        if (!value.isBoolean()) {
            throw new Invalid("\"" + field + "\" must be true or false, got " + describe(value));
        }
        return value.booleanValue();
    }

    /** A JSON value described for an error message: its kind and, if short, the value itself. */
    public static String describe(JsonNode value) {
        String text = value.toString();
        String shown = text.length() <= SHOWN_VALUE_CHARS ? " " + text : "";
        return switch (value.getNodeType()) {
            case ARRAY -> "an array" + shown;
            case OBJECT -> "an object" + shown;
            case STRING -> "a string" + shown;
            case NUMBER -> "a number" + shown;
            case BOOLEAN -> "a boolean" + shown;
            case NULL -> "null";
            case MISSING -> "nothing";
            case BINARY, POJO -> "a value" + shown;
        };
    }
}
