package dev.moka.core.tools.execsession;

import dev.moka.core.tools.ToolArguments;
import dev.moka.core.tools.ToolArguments.Invalid;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
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

    static Path workdir(String workdir, Path base) throws Invalid {
        if (workdir == null || workdir.isBlank()) {
            return base;
        }
        Path resolved;
        try {
            resolved = base.resolve(workdir).normalize();
        } catch (InvalidPathException e) {
            throw new Invalid("\"workdir\" is not a valid path: " + e.getMessage());
        }
        if (!Files.isDirectory(resolved)) {
            throw new Invalid("\"workdir\" \"" + workdir + "\" resolves to " + resolved
                    + ", which is not an existing directory; give one, absolute or relative to " + base);
        }
        return resolved;
    }
}
