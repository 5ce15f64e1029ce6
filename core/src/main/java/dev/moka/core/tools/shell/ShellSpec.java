package dev.moka.core.tools.shell;

import dev.moka.protocol.Json;
import tools.jackson.databind.node.ObjectNode;

/**
 * The {@code parameters} schema of the {@code shell} tool, written by hand: models trained on Codex expect this
 * exact shape, and its key order is fixed so the request bytes never change.
 */
final class ShellSpec {
    private ShellSpec() {}

    static ObjectNode parameters() {
        ObjectNode properties = Json.object();
        ObjectNode command = properties.putObject("command");
        command.put("type", "array");
        command.putObject("items").put("type", "string");
        command.put("description", "The program and its arguments, one string per word.");
        properties.putObject("workdir").put("type", "string")
                .put("description", "Directory to run in, absolute or relative to the current one.");
        properties.putObject("timeout_ms").put("type", "number")
                .put("description", "Time limit in milliseconds; the command is killed when it is reached.");
        properties.putObject("with_escalated_permissions").put("type", "boolean")
                .put("description", "Ask to run outside the sandbox; the user may be asked to approve.");
        properties.putObject("justification").put("type", "string")
                .put("description", "One sentence for the user on why escalated permissions are needed.");

        ObjectNode parameters = Json.object();
        parameters.put("type", "object");
        parameters.set("properties", properties);
        parameters.putArray("required").add("command");
        parameters.put("additionalProperties", false);

        return parameters;
    }
}
