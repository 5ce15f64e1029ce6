package dev.moka.core.client;

import dev.moka.core.tools.ToolSpec;
import dev.moka.protocol.Json;
import java.util.List;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * Tool specs as the Responses API's {@code tools} entries. The key order is fixed, because the tools list is
 * part of the cached prompt prefix and must be the same bytes in every request.
 */
public final class ResponsesTools {
    private ResponsesTools() {}

    public static ObjectNode render(ToolSpec spec) {
        return switch (spec) {
            case ToolSpec.Function f -> function(f);
            case ToolSpec.Namespace n -> {
                ObjectNode json = Json.object().put("type", "namespace").put("name", n.name())
                        .put("description", n.description());
                ArrayNode members = json.putArray("tools");
                n.tools().forEach(member -> members.add(switch (member) {
                    case ToolSpec.Function f -> function(f);
                    case ToolSpec.Freeform f -> freeform(f);
                }));
                yield json;
            }
            case ToolSpec.Freeform f -> freeform(f);
            case ToolSpec.Hosted h -> h.definition();
        };
    }

    private static ObjectNode freeform(ToolSpec.Freeform f) {
        ObjectNode json = Json.object().put("type", "custom").put("name", f.name())
                .put("description", f.description());
        json.putObject("format").put("type", "grammar").put("syntax", f.syntax())
                .put("definition", f.definition());
        return json;
    }

    private static ObjectNode function(ToolSpec.Function f) {
        ObjectNode json = Json.object().put("type", "function").put("name", f.name())
                .put("description", f.description()).put("strict", false);
        json.set("parameters", f.parameters());
        return json;
    }

    public static List<ObjectNode> render(List<ToolSpec> specs) {
        return specs.stream().map(ResponsesTools::render).toList();
    }
}
