package dev.moka.core.tools.execsession;

import dev.moka.core.tools.ToolArguments;
import dev.moka.core.tools.ToolArguments.Invalid;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/** Field readers shared by {@code exec_command} and {@code write_stdin}. */
final class SessionArguments {
    private SessionArguments() {}

    /** A positive whole number, or {@code fallback} when absent. */
    static long positive(ObjectNode args, String field, long fallback) throws Invalid {
        JsonNode node = args.get(field);
        if (node == null || node.isNull()) {
            return fallback;
        }
        if (!node.isNumber() || !node.canConvertToExactIntegral() || !node.canConvertToLong()
                || node.longValue() <= 0) {
            throw new Invalid("\"" + field + "\" must be a positive whole number, got " + ToolArguments.describe(node));
        }
        return node.longValue();
    }

}
