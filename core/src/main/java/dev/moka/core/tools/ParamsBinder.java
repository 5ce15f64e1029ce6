package dev.moka.core.tools;

import com.networknt.schema.Error;
import com.networknt.schema.Schema;
import com.networknt.schema.SchemaRegistry;
import com.networknt.schema.SpecificationVersion;
import dev.moka.protocol.Json;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * Checks a call's arguments against a tool's parameters schema, fills in the schema's defaults, and maps the
 * result onto the parameter record. Safe to share between threads. The schema is compiled at the first
 * call, not at start-up: compiling costs milliseconds that a run whose model never calls the tool (or a
 * tool that checks its arguments by hand) should not pay.
 */
public final class ParamsBinder<P extends Record> {
    private final ObjectNode schema;
    private final Class<P> type;
    private Schema compiled;

    public ParamsBinder(ObjectNode schema, Class<P> type) {
        this.schema = schema.deepCopy();
        this.type = type;
    }

    private synchronized Schema compiled() {
        if (compiled == null) {
            compiled = SchemaRegistry.withDefaultDialect(SpecificationVersion.DRAFT_2020_12).getSchema(schema);
        }
        return compiled;
    }

    /** The parameters, or {@link ToolArguments.Invalid} naming every field that breaks the schema. */
    public P bind(ObjectNode arguments) throws ToolArguments.Invalid {
        ObjectNode filled = withDefaults(arguments);
        List<Error> errors = compiled().validate(filled);
        if (!errors.isEmpty()) {
            throw new ToolArguments.Invalid(errors.stream().map(ParamsBinder::describe)
                    .distinct().collect(Collectors.joining("; ")));
        }
        try {
            return Json.MAPPER.treeToValue(filled, type);
        } catch (JacksonException e) {
            throw new ToolArguments.Invalid("the arguments do not fit the parameters (" + e.getOriginalMessage() + ")");
        }
    }

    /** A copy with each absent or null top-level property that has a default set to that default. */
    private ObjectNode withDefaults(ObjectNode arguments) {
        ObjectNode filled = arguments.deepCopy();
        JsonNode properties = schema.get("properties");
        if (properties == null) {
            return filled;
        }
        for (Map.Entry<String, JsonNode> property : properties.properties()) {
            JsonNode value = filled.get(property.getKey());
            JsonNode fallback = property.getValue().get("default");
            if ((value == null || value.isNull()) && fallback != null) {
                filled.set(property.getKey(), fallback.deepCopy());
            } else if (value != null && value.isNull()) {
                // An optional parameter sent as null means "not given", not "null of the wrong type".
                filled.remove(property.getKey());
            }
        }
        return filled;
    }

    /** One schema error as a line the model can act on: where, what was wrong, what is allowed. */
    static String describe(Error error) {
        String where = where(error);
        JsonNode value = error.getInstanceNode();
        String got = value == null ? "" : ", got " + ToolArguments.describe(value);
        JsonNode rule = error.getSchemaNode();
        return switch (error.getKeyword() == null ? "" : error.getKeyword()) {
            case "required" -> "missing required field \"" + error.getProperty() + "\"";
            case "additionalProperties" -> "unknown field \"" + error.getProperty()
                    + "\"; remove it (the allowed fields are listed in the tool's schema)";
            case "type" -> where + " must be of type " + rule + got;
            case "minimum" -> where + " must be at least " + rule + got;
            case "maximum" -> where + " must be at most " + rule + got;
            case "enum" -> where + " must be one of " + rule + got;
            default -> where + ": " + error.getMessage();
        };
    }

    private static String where(Error error) {
        String path = error.getInstanceLocation() == null ? "" : error.getInstanceLocation().toString();
        // A JSON pointer: "/limit" -> "limit", "/plan/0/step" -> "plan[0].step", quoted like other messages.
        StringBuilder field = new StringBuilder();
        for (String part : path.replaceFirst("^[$]", "").split("[/.]")) {
            if (part.isEmpty()) {
                continue;
            }
            if (part.chars().allMatch(Character::isDigit)) {
                field.append('[').append(part).append(']');
            } else {
                field.append(field.isEmpty() ? "" : ".").append(part);
            }
        }
        return field.isEmpty() ? "the arguments" : "\"" + field + "\"";
    }
}
