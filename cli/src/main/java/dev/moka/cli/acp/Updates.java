package dev.moka.cli.acp;

import dev.moka.protocol.Json;
import dev.moka.protocol.PlanItem;
import java.util.List;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/** The {@code update} objects of ACP's {@code session/update} notification, one builder per kind. */
final class Updates {
    private Updates() {}

    static ObjectNode userText(String text) {
        return textChunk("user_message_chunk", text);
    }

    static ObjectNode agentText(String text) {
        return textChunk("agent_message_chunk", text);
    }

    /** A reasoning summary, shown by editors as the agent's thinking. */
    static ObjectNode thought(String text) {
        return textChunk("agent_thought_chunk", text);
    }

    private static ObjectNode textChunk(String kind, String text) {
        ObjectNode update = Json.object().put("sessionUpdate", kind);
        update.set("content", text(text));
        return update;
    }

    /** A text content block. */
    static ObjectNode text(String text) {
        return Json.object().put("type", "text").put("text", text);
    }

    /** The plan as a whole: ACP replaces the client's plan with every update. */
    static ObjectNode plan(List<PlanItem> items) {
        ObjectNode update = Json.object().put("sessionUpdate", "plan");
        ArrayNode entries = update.putArray("entries");
        for (PlanItem item : items) {
            entries.addObject().put("content", item.step()).put("priority", "medium")
                    .put("status", item.status().wire());
        }
        return update;
    }

    /** How much of the context window the conversation fills. */
    static ObjectNode usage(long used, long size) {
        return Json.object().put("sessionUpdate", "usage_update").put("used", used).put("size", size);
    }

    static ObjectNode modeChanged(String modeId) {
        return Json.object().put("sessionUpdate", "current_mode_update").put("currentModeId", modeId);
    }

    static ObjectNode commands(ArrayNode available) {
        ObjectNode update = Json.object().put("sessionUpdate", "available_commands_update");
        update.set("availableCommands", available);
        return update;
    }
}
