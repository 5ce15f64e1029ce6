package dev.moka.core.session;

import dev.moka.core.Uuids;
import dev.moka.core.client.ResponsesTools;
import dev.moka.core.tools.router.ToolGroup;
import dev.moka.core.tools.router.ToolSearch;
import dev.moka.protocol.Json;
import dev.moka.protocol.ResponseItem;
import java.util.ArrayList;
import java.util.List;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * Answers the model's {@code tool_search}: every deferred namespace, each member marked {@code defer_loading}.
 * There are few deferred groups (the subagent tools), so a search returns them all rather than guessing at the
 * query; the model reads their descriptions and calls what it wanted.
 */
final class DeferredTools {
    private DeferredTools() {}

    static ResponseItem.ToolSearchOutput answer(ResponseItem.ToolSearchCall call, List<ToolGroup> deferred) {
        ObjectNode out = Json.object().put("type", "tool_search_output")
                .put("id", "tso_" + Uuids.v7().replace("-", "")).put("call_id", call.callId())
                .put("status", "completed").put("execution", "client");
        ArrayNode tools = out.putArray("tools");
        for (ToolGroup group : deferred) {
            group.specs(true).forEach(spec -> tools.add(marked(ResponsesTools.render(spec))));
        }
        return new ResponseItem.ToolSearchOutput(call.callId(), out);
    }

    /** The namespace with {@code defer_loading} after each member's {@code strict}, where the wire has it. */
    private static ObjectNode marked(ObjectNode namespace) {
        JsonNode members = namespace.get("tools");
        if (members != null) {
            for (JsonNode member : members) {
                if (member instanceof ObjectNode function) {
                    JsonNode parameters = function.remove("parameters");
                    function.put("defer_loading", true);
                    if (parameters != null) {
                        function.set("parameters", parameters);
                    }
                }
            }
        }
        return namespace;
    }

    /**
     * The initial items with, after the first (the permissions), the groups' own developer texts and the note
     * naming the deferred namespaces.
     */
    static List<ResponseItem> withNote(List<ResponseItem> initial, List<String> groupInstructions,
            List<ToolGroup> deferred) {
        List<String> notes = new ArrayList<>(groupInstructions);
        if (!deferred.isEmpty()) {
            notes.add(ToolSearch.note(deferred));
        }
        if (notes.isEmpty()) {
            return initial;
        }
        List<ResponseItem> items = new ArrayList<>(initial);
        int at = Math.min(1, items.size());
        for (String note : notes) {
            items.add(at++, ResponseItem.Message.developer(note));
        }
        return List.copyOf(items);
    }
}
