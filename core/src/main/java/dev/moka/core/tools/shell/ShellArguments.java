package dev.moka.core.tools.shell;

import dev.moka.core.exec.ExecParams;
import dev.moka.core.tools.ToolArguments;
import dev.moka.core.tools.ToolArguments.Invalid;
import dev.moka.protocol.ShellToolCallParams;
import java.util.ArrayList;
import java.util.List;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/** The checks of one {@code shell} call's arguments, with messages that name the field and the fix. */
final class ShellArguments {
    /** Appended to every argument error so the model sees a correct call next to what it got wrong. */
    static final String EXPECTED = "Expected arguments like {\"command\": [\"bash\", \"-lc\", \"ls -la\"], "
            + "\"workdir\": \"src\", \"timeout_ms\": " + ExecParams.DEFAULT_TIMEOUT.toMillis()
            + "}; only \"command\" is required.";

    private ShellArguments() {}

    /** The parameters, every field type-checked; the working directory is checked by {@link #workingDirectory}. */
    static ShellToolCallParams parse(ObjectNode args) throws Invalid {
        List<String> command = command(ToolArguments.required(args, "command"));
        String workdir = ToolArguments.optionalString(args, "workdir");
        Long timeoutMs = timeoutMs(args.get("timeout_ms"));
        Boolean escalated = ToolArguments.optionalBoolean(args, "with_escalated_permissions");
        String justification = ToolArguments.optionalString(args, "justification");
        return new ShellToolCallParams(command, workdir, timeoutMs, escalated, justification);
    }

    private static List<String> command(JsonNode node) throws Invalid {
        if (!node.isArray()) {
            throw new Invalid("\"command\" must be an array of strings (the program and its arguments), got "
                    + ToolArguments.describe(node));
        }
        if (node.isEmpty()) {
            throw new Invalid("\"command\" is an empty array: give at least the program to run");
        }
        List<String> argv = new ArrayList<>(node.size());
        for (int i = 0; i < node.size(); i++) {
            JsonNode item = node.get(i);
            if (!item.isString()) {
                throw new Invalid("\"command\"[" + i + "] must be a string, got " + ToolArguments.describe(item)
                        + " (quote numbers too, e.g. \"10\")");
            }
            argv.add(item.asString());
        }
        if (argv.getFirst().isEmpty()) {
            throw new Invalid("\"command\"[0] is an empty string: it must name the program to run");
        }
        return argv;
    }

    private static Long timeoutMs(JsonNode node) throws Invalid {
        if (node == null || node.isNull()) {
            return null;
        }
        if (!node.isNumber() || !node.canConvertToExactIntegral() || !node.canConvertToLong()
                || node.longValue() <= 0) {
            throw new Invalid("\"timeout_ms\" must be a positive whole number of milliseconds, got "
                    + ToolArguments.describe(node));
        }
        return node.longValue();
    }

}
