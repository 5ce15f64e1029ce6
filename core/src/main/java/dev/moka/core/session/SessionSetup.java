package dev.moka.core.session;

import dev.moka.core.client.ModelClient;
import dev.moka.core.tools.ToolRouter;
import dev.moka.protocol.ResponseItem;
import java.util.List;
import tools.jackson.databind.JsonNode;

/**
 * Everything a session is made of. {@code resumedItems} is empty for a new conversation, which then starts
 * with the initial context; {@code developerInstructions} and {@code outputSchema} may be null.
 */
public record SessionSetup(String conversationId, TurnContext initialContext, ModelClient client, ToolRouter tools,
        RolloutRecorder rollout, String instructions, String developerInstructions, String shell,
        List<ResponseItem> resumedItems, JsonNode outputSchema) {
    public SessionSetup {
        resumedItems = List.copyOf(resumedItems);
    }
}
