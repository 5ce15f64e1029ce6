package dev.moka.core.session;

import dev.moka.core.client.ModelClient;
import dev.moka.core.config.ContextSettings;
import dev.moka.core.tools.ToolRouter;
import dev.moka.protocol.ResponseItem;
import java.nio.file.Path;
import java.util.List;
import tools.jackson.databind.JsonNode;

/**
 * Everything a session is made of. {@code resumedItems} is empty for a new conversation, which then starts
 * with the initial context; {@code developerInstructions} and {@code outputSchema} may be null.
 * {@code mokaHome} (null: no global AGENTS.md, skills, message history or log) and {@code contextSettings}
 * drive context management; {@code resumedContext} is the turn context a resumed history was last brought
 * up to date with (null for a new conversation, or when the rollout recorded none).
 */
public record SessionSetup(String conversationId, TurnContext initialContext, ModelClient client, ToolRouter tools,
        RolloutRecorder rollout, String instructions, String developerInstructions, String shell,
        List<ResponseItem> resumedItems, JsonNode outputSchema, Path mokaHome, ContextSettings contextSettings,
        TurnContext resumedContext, String providerId) {
    public SessionSetup {
        providerId = providerId == null ? "openai" : providerId;
        resumedItems = List.copyOf(resumedItems);
        contextSettings = contextSettings == null ? ContextSettings.DEFAULTS : contextSettings;
    }

    /** A session with default context settings and no MOKA_HOME features. */
    public SessionSetup(String conversationId, TurnContext initialContext, ModelClient client, ToolRouter tools,
            RolloutRecorder rollout, String instructions, String developerInstructions, String shell,
            List<ResponseItem> resumedItems, JsonNode outputSchema) {
        this(conversationId, initialContext, client, tools, rollout, instructions, developerInstructions, shell,
                resumedItems, outputSchema, null, ContextSettings.DEFAULTS, null, null);
    }
}
