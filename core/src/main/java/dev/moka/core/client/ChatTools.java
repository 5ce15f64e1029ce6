package dev.moka.core.client;

import dev.moka.core.tools.ToolSpec;
import dev.moka.protocol.Json;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;
import tools.jackson.databind.node.StringNode;

/**
 * Tool specs as Chat Completions {@code tools} entries, {@code {"type":"function","function":{...}}}, with
 * a fixed key order so the tools list is the same bytes in every request. The API knows only functions: a
 * freeform tool becomes a function of one string argument, and hosted tools, which only the Responses API's
 * servers run, are not offered.
 */
final class ChatTools {
    private ChatTools() {}

    static ArrayNode render(List<ToolSpec> specs) {
        ArrayNode tools = Json.array();
        for (ToolSpec spec : specs) {
            switch (spec) {
                case ToolSpec.Function f -> tools.add(function(f.name(), f.description(), f.parameters()));
                case ToolSpec.Freeform f -> tools.add(function(f.name(), f.functionDescription(), textArgument(f)));
                // Chat Completions has no namespaces: their members go as flat functions, which the router takes.
                case ToolSpec.Namespace n -> n.flatten().forEach(member -> tools.add(switch (member) {
                    case ToolSpec.Function f -> function(f.name(), f.description(), f.parameters());
                    case ToolSpec.Freeform f -> function(f.name(), f.functionDescription(), textArgument(f));
                }));
                case ToolSpec.Hosted h -> { }
            }
        }
        return tools;
    }

    /** The names of the freeform tools, whose calls go back to the engine as custom tool calls. */
    static Set<String> freeformNames(List<ToolSpec> specs) {
        Set<String> names = new LinkedHashSet<>();
        for (ToolSpec spec : specs) {
            switch (spec) {
                case ToolSpec.Freeform f -> names.add(f.name());
                case ToolSpec.Function f -> { }
                case ToolSpec.Namespace n -> { }
                case ToolSpec.Hosted h -> { }
            }
        }
        return Set.copyOf(names);
    }

    /** The arguments a freeform call goes back with: its text as the one argument the tool was offered with. */
    static String freeformArguments(String input) {
        return Json.write(Json.object().put(ToolSpec.Freeform.FUNCTION_ARGUMENT, input));
    }

    /**
     * The text of a freeform call from the arguments the model sent. Arguments that are not the expected
     * object are taken as the text itself: a model that sent the bare text gets it run, and one that sent
     * something else gets the tool's own complaint about its input rather than a silent drop.
     */
    static String freeformInput(String arguments) {
        try {
            if (Json.parse(arguments) instanceof ObjectNode object
                    && object.get(ToolSpec.Freeform.FUNCTION_ARGUMENT) instanceof StringNode text) {
                return text.asString();
            }
        } catch (JacksonException e) {
            // Not JSON: the bare text.
        }
        return arguments;
    }

    private static ObjectNode function(String name, String description, ObjectNode parameters) {
        ObjectNode tool = Json.object().put("type", "function");
        ObjectNode function = tool.putObject("function").put("name", name).put("description", description);
        function.set("parameters", parameters);
        return tool;
    }

    /** The grammar goes with the argument: it is the one exact statement of what the text must look like. */
    private static ObjectNode textArgument(ToolSpec.Freeform tool) {
        ObjectNode parameters = Json.object().put("type", "object");
        parameters.putObject("properties").putObject(ToolSpec.Freeform.FUNCTION_ARGUMENT).put("type", "string")
                .put("description", "The text, following this " + tool.syntax() + " grammar:\n" + tool.definition());
        parameters.putArray("required").add(ToolSpec.Freeform.FUNCTION_ARGUMENT);
        parameters.put("additionalProperties", false);
        return parameters;
    }
}
