package dev.moka.core.tools.router;

import dev.moka.core.exec.ShellWords;
import dev.moka.core.tools.Tool;
import dev.moka.core.tools.ToolCall;
import dev.moka.core.tools.ToolResult;
import dev.moka.protocol.Json;
import java.util.ArrayList;
import java.util.List;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;
import tools.jackson.databind.node.StringNode;

/**
 * How a call looks to the person's hooks, in the names Codex gives them: a command (shell or exec_command) is
 * {@code Bash} with {@code {"command": "<command line>"}}, a patch is {@code apply_patch} with
 * {@code {"command": "<patch>"}}, any other tool (an MCP server's {@code mcp__server__tool}, a script's nested
 * call) its own name with its JSON arguments. It also turns an input a hook rewrote back into the call.
 */
record HookedCall(String toolName, ObjectNode toolInput, Kind kind) {
    static final String BASH = "Bash";
    // The tools' own NAME constants live in sub-packages that depend on this one; naming them here would make a
    // cycle, so the three names hooks treat apart are spelled out.
    private static final String SHELL = "shell";
    private static final String EXEC_COMMAND = "exec_command";
    private static final String APPLY_PATCH = "apply_patch";

    enum Kind { SHELL_ARGV, SHELL_STRING, PATCH, OTHER }

    static HookedCall of(Tool tool, ToolCall call) {
        ObjectNode arguments = arguments(call);
        return switch (tool.name()) {
            case SHELL -> new HookedCall(BASH, command(ShellWords.join(argv(arguments.get("command")))),
                    Kind.SHELL_ARGV);
            case EXEC_COMMAND -> new HookedCall(BASH, command(arguments.path("cmd").asString("")),
                    Kind.SHELL_STRING);
            case APPLY_PATCH -> new HookedCall(APPLY_PATCH, command(call.payload() instanceof
                    ToolCall.Payload.Freeform free ? free.input() : arguments.path("input").asString("")), Kind.PATCH);
            default -> new HookedCall(tool.name(), call.payload() instanceof ToolCall.Payload.Freeform free
                    ? Json.object().put("input", free.input()) : arguments, Kind.OTHER);
        };
    }

    /** {@code call} with the input a hook rewrote it to; what the hook left out keeps the call's own value. */
    ToolCall rewritten(ToolCall call, JsonNode updated) {
        ObjectNode arguments = arguments(call);
        String command = updated.path("command").asString(null);
        ToolCall.Payload payload = switch (kind) {
            case SHELL_ARGV -> command == null ? call.payload() : new ToolCall.Payload.Arguments(Json.write(
                    arguments.set("command", Json.array().add("bash").add("-lc").add(command))));
            case SHELL_STRING -> command == null ? call.payload()
                    : new ToolCall.Payload.Arguments(Json.write(arguments.put("cmd", command)));
            case PATCH -> command == null ? call.payload() : call.payload() instanceof ToolCall.Payload.Freeform
                    ? new ToolCall.Payload.Freeform(command)
                    : new ToolCall.Payload.Arguments(Json.write(arguments.put("input", command)));
            case OTHER -> call.payload() instanceof ToolCall.Payload.Freeform
                    ? new ToolCall.Payload.Freeform(updated.path("input").asString(call.arguments()))
                    : new ToolCall.Payload.Arguments(Json.write(arguments.setAll((ObjectNode) updated)));
        };
        return new ToolCall(call.callId(), call.name(), call.namespace(), payload, call.source());
    }

    /** What the model reads when a hook blocked the call. */
    String blocked(String reason) {
        return switch (kind) {
            case SHELL_ARGV, SHELL_STRING -> "Command blocked by PreToolUse hook: " + reason + ". Command: "
                    + toolInput.path("command").asString();
            case PATCH, OTHER -> "Tool call " + toolName + " blocked by PreToolUse hook: " + reason
                    + ". Nothing was run.";
        };
    }

    /** {@code tool_response}: a command's output as a string, as Codex sends it; else the result's data or text. */
    JsonNode response(ToolResult result) {
        JsonNode structured = result.structured();
        if (kind == Kind.SHELL_ARGV || kind == Kind.SHELL_STRING) {
            String output = structured != null && structured.path("output").isString()
                    ? structured.get("output").asString() : result.forModel();
            return StringNode.valueOf(output);
        }
        return structured != null ? structured : StringNode.valueOf(result.forModel());
    }

    private static ObjectNode command(String text) {
        return Json.object().put("command", text);
    }

    private static ObjectNode arguments(ToolCall call) {
        if (call.payload() instanceof ToolCall.Payload.Arguments(String json) && json != null && !json.isBlank()) {
            try {
                if (Json.parse(json) instanceof ObjectNode object) {
                    return object;
                }
            } catch (JacksonException e) {
                // The tool answers bad arguments itself; the hook sees none.
            }
        }
        return Json.object();
    }

    private static List<String> argv(JsonNode command) {
        List<String> words = new ArrayList<>();
        if (command != null && command.isArray()) {
            command.forEach(word -> words.add(word.asString("")));
        } else if (command != null && command.isString()) {
            words.add(command.asString());
        }
        return words;
    }
}
