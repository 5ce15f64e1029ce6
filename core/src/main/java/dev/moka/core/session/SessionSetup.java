package dev.moka.core.session;

import dev.moka.core.config.ModelCatalog;
import dev.moka.core.client.ModelClient;
import dev.moka.core.config.ContextSettings;
import dev.moka.core.log.MokaLog;
import dev.moka.core.log.SecretRedactor;
import dev.moka.core.tools.ToolRouter;
import dev.moka.protocol.EventMsg;
import dev.moka.protocol.ResponseItem;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import tools.jackson.databind.JsonNode;

/**
 * Everything a session is made of; {@link Conversations} builds it from a configuration. {@code resumedItems}
 * is empty for a new conversation, which then starts with the initial context; {@code developerInstructions}
 * and {@code outputSchema} may be null. {@code mokaHome} (null: no global AGENTS.md, skills or message
 * history) and {@code contextSettings} drive context management; {@code resumedContext} is the turn context a
 * resumed history was last brought up to date with (null for a new conversation, or when the rollout recorded
 * none). {@code startupNotices} ({@code Warning}s and {@code BackgroundEvent}s) are reported once the session starts; {@code owned}
 * is closed when the session shuts down (the processes its tools keep); {@code guard} (null: unattended)
 * is how commands are sandboxed and approved; {@code models} (null: the bundled catalog) describes a model a
 * later turn switches to; {@code resumedTurns} are where the resumed history's user turns began (for a
 * rollback past the resume); {@code snapshotsForUndo} says whether each turn is snapshotted so that
 * {@code Op.Undo} can restore its files (only a face that can undo asks for that, see {@link Face});
 * {@code secrets} (null: only what is shaped like a secret) masks what the faces are shown and what
 * {@code history.jsonl} keeps, never what the model is sent.
 */
public record SessionSetup(String conversationId, TurnContext initialContext, ModelClient client, ToolRouter tools,
        RolloutRecorder rollout, String instructions, String developerInstructions, String shell,
        List<ResponseItem> resumedItems, JsonNode outputSchema, Path mokaHome, ContextSettings contextSettings,
        TurnContext resumedContext, String providerId, List<EventMsg> startupNotices, MokaLog log,
        AutoCloseable owned, GuardSettings guard, ModelCatalog models, List<TurnStart> resumedTurns,
        boolean snapshotsForUndo, SecretRedactor secrets) {
    public SessionSetup {
        resumedTurns = resumedTurns == null ? List.of() : List.copyOf(resumedTurns);
        resumedItems = List.copyOf(resumedItems);
        contextSettings = contextSettings == null ? ContextSettings.DEFAULTS : contextSettings;
        providerId = providerId == null ? "openai" : providerId;
        startupNotices = startupNotices == null ? List.of() : List.copyOf(startupNotices);
        log = log == null ? MokaLog.discarding() : log;
        owned = owned == null ? () -> { } : owned;
        guard = guard == null ? GuardSettings.unattended() : guard;
        models = models == null ? ModelCatalog.bundled() : models;
        secrets = secrets == null ? SecretRedactor.fromEnvironment(Map.of()) : secrets;
    }

    /** A session whose resumed history (if any) cannot be rolled back past its resume. */
    public SessionSetup(String conversationId, TurnContext initialContext, ModelClient client, ToolRouter tools,
            RolloutRecorder rollout, String instructions, String developerInstructions, String shell,
            List<ResponseItem> resumedItems, JsonNode outputSchema, Path mokaHome, ContextSettings contextSettings,
            TurnContext resumedContext, String providerId, List<EventMsg> startupNotices, MokaLog log,
            AutoCloseable owned, GuardSettings guard, ModelCatalog models) {
        this(conversationId, initialContext, client, tools, rollout, instructions, developerInstructions, shell,
                resumedItems, outputSchema, mokaHome, contextSettings, resumedContext, providerId, startupNotices, log,
                owned, guard, models, List.of(), false, null);
    }

    /** A session with default context settings and no MOKA_HOME features, for tests of the turn loop. */
    public SessionSetup(String conversationId, TurnContext initialContext, ModelClient client, ToolRouter tools,
            RolloutRecorder rollout, String instructions, String developerInstructions, String shell,
            List<ResponseItem> resumedItems, JsonNode outputSchema) {
        this(conversationId, initialContext, client, tools, rollout, instructions, developerInstructions, shell,
                resumedItems, outputSchema, null, ContextSettings.DEFAULTS, null, null, List.of(), null, null, null, null);
    }
}
