package dev.moka.cli.acp;

import dev.moka.protocol.ElicitationAction;
import dev.moka.protocol.EventMsg;
import dev.moka.protocol.Json;
import dev.moka.protocol.Op;
import dev.moka.protocol.WireEnum;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * An MCP server's form as ACP's {@code elicitation/create} (form mode, scoped to the session), and the client's
 * answer back as the session's op. The form is passed on as the server wrote it: ACP's form schema is MCP's.
 */
final class FormQuestions {
    private FormQuestions() {}

    static ObjectNode question(String sessionId, EventMsg.ElicitationRequest form) {
        ObjectNode params = Json.object().put("sessionId", sessionId).put("mode", "form")
                .put("message", "The MCP server \"" + form.serverName() + "\" asks: " + form.message());
        params.set("requestedSchema", form.requestedSchema());
        return params;
    }

    /** The client's answer; an action Moka does not know is taken as {@code cancel}, the answer of no answer. */
    static Op.ResolveElicitation answer(EventMsg.ElicitationRequest form, JsonNode result) {
        ElicitationAction action = WireEnum.parse(ElicitationAction.class, Json.text(result, "action"))
                .orElse(ElicitationAction.CANCEL);
        JsonNode content = result.get("content");
        return new Op.ResolveElicitation(form.serverName(), form.id(), action,
                action == ElicitationAction.ACCEPT && content != null && content.isObject() ? content : null);
    }

    static Op.ResolveElicitation unanswered(EventMsg.ElicitationRequest form, ElicitationAction action) {
        return new Op.ResolveElicitation(form.serverName(), form.id(), action, null);
    }
}
