package dev.moka.core.tools.router;

import dev.moka.core.tools.ToolSpec;
import dev.moka.protocol.Json;
import java.util.List;
import java.util.stream.Collectors;
import tools.jackson.databind.node.ObjectNode;

/**
 * The {@code tool_search} tool, run by Moka ({@code "execution": "client"}): the model is told which namespaces
 * are deferred, searches when it wants one, and gets their definitions in a {@code tool_search_output} item; from
 * then on it calls their members as it calls any namespaced tool.
 */
public final class ToolSearch {
    /** The definition sent in {@code tools} in place of the deferred groups. */
    public static final ToolSpec.Hosted SPEC = new ToolSpec.Hosted(definition());

    private ToolSearch() {}

    private static ObjectNode definition() {
        ObjectNode tool = Json.object().put("type", "tool_search").put("execution", "client")
                .put("description", "Finds tools that are available but not loaded yet. Search with a few words"
                        + " saying what you want to do; the matching namespaces become callable.");
        ObjectNode parameters = tool.putObject("parameters").put("type", "object");
        ObjectNode properties = parameters.putObject("properties");
        properties.putObject("query").put("type", "string").put("description", "What the tool should do.");
        properties.putObject("limit").put("type", "number").put("description", "How many tools to return at most.");
        parameters.putArray("required").add("query");
        parameters.put("additionalProperties", false);
        return tool;
    }

    /** The developer text that names the deferred namespaces, so the model knows what it can search for. */
    public static String note(List<ToolGroup> deferred) {
        return "<tools>\nDeferred tool namespaces:\n" + deferred.stream()
                .map(group -> "- " + group.namespace() + ": " + group.description())
                .collect(Collectors.joining("\n")) + "\n</tools>";
    }
}
