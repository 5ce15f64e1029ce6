package dev.moka.core.tools.execsession;

import dev.moka.protocol.Json;
import tools.jackson.databind.node.ObjectNode;

/** The parameter schemas of {@code exec_command} and {@code write_stdin}, in a fixed key order. */
final class SessionSpecs {
    private SessionSpecs() {}

    static ObjectNode execCommand() {
        ObjectNode properties = Json.object();
        property(properties, "cmd", "string", "The shell command to run.");
        property(properties, "workdir", "string", "Directory to run in, absolute or relative to the current one.");
        property(properties, "shell", "string", "The shell that runs the command; " + SessionTools.DEFAULT_SHELL
                + " by default.");
        property(properties, "tty", "boolean", "Run under a terminal, for programs that need one.");
        property(properties, "yield_time_ms", "number", "How long to wait for output before returning.");
        property(properties, "max_output_tokens", "number", "Longest output to return; the middle is cut.");
        properties.putObject("sandbox_permissions").put("type", "string")
                .put("description", "\"require_escalated\" to ask the person to run this outside the sandbox;"
                        + " \"use_default\" (the default) runs it inside.")
                .putArray("enum").add(ExecCommandTool.USE_DEFAULT).add(ExecCommandTool.REQUIRE_ESCALATED);
        property(properties, "justification", "string", "With require_escalated: one sentence for the person on"
                + " why the command must leave the sandbox.");
        return object(properties, "cmd");
    }

    static ObjectNode writeStdin() {
        ObjectNode properties = Json.object();
        property(properties, "session_id", "number", "The session ID exec_command reported.");
        property(properties, "chars", "string", "Characters to write; may be empty to only read new output.");
        property(properties, "yield_time_ms", "number", "How long to wait for output before returning.");
        property(properties, "max_output_tokens", "number", "Longest output to return; the middle is cut.");
        return object(properties, "session_id");
    }

    private static void property(ObjectNode properties, String name, String type, String description) {
        properties.putObject(name).put("type", type).put("description", description);
    }

    private static ObjectNode object(ObjectNode properties, String required) {
        ObjectNode parameters = Json.object();
        parameters.put("type", "object");
        parameters.set("properties", properties);
        parameters.putArray("required").add(required);
        parameters.put("additionalProperties", false);
        return parameters;
    }
}
