package dev.moka.core.tools.agents;

import dev.moka.protocol.Json;
import dev.moka.protocol.ResponseItem;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * The messages agents of a team send each other in Codex's second tool set: a header saying what kind of message
 * it is, the task it belongs to and who sent it, then the payload. A payload the model wrote in an encrypted
 * argument stays encrypted: it travels as an {@code encrypted_content} part only the model can read.
 */
final class TeamMessages {
    enum Kind {
        NEW_TASK, FOLLOWUP_TASK, MESSAGE, FINAL_ANSWER
    }

    private TeamMessages() {}

    /** A message whose payload is what a model wrote into an encrypted argument. */
    static ResponseItem.AgentMessage encrypted(Kind kind, String taskName, String sender, String recipient,
            String payload) {
        ObjectNode item = header(kind, taskName, sender, recipient, "");
        ((ArrayNode) item.get("content")).addObject().put("type", "encrypted_content")
                .put("encrypted_content", payload);
        return new ResponseItem.AgentMessage(sender, recipient, item);
    }

    /** A message whose payload is plain text (a child's final answer, as Moka read it). */
    static ResponseItem.AgentMessage plain(Kind kind, String taskName, String sender, String recipient,
            String payload) {
        return new ResponseItem.AgentMessage(sender, recipient, header(kind, taskName, sender, recipient,
                payload == null ? "" : payload));
    }

    private static ObjectNode header(Kind kind, String taskName, String sender, String recipient, String payload) {
        ObjectNode item = Json.object().put("type", "agent_message").put("author", sender).put("recipient", recipient);
        item.putArray("content").addObject().put("type", "input_text").put("text", "Message Type: " + kind.name()
                + "\nTask name: " + taskName + "\nSender: " + sender + "\nPayload:\n" + payload);
        return item;
    }
}
