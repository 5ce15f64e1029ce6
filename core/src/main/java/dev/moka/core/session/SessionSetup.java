package dev.moka.core.session;

import dev.moka.core.client.ModelClient;
import dev.moka.core.config.ContextSettings;
import dev.moka.core.config.model.ModelCatalog;
import dev.moka.core.hooks.Hooks;
import dev.moka.core.log.MokaLog;
import dev.moka.core.log.SecretRedactor;
import dev.moka.core.tools.router.ToolRouter;
import dev.moka.protocol.EventMsg;
import dev.moka.protocol.ResponseItem;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import tools.jackson.databind.JsonNode;

/**
 * Everything a session is made of, built by {@link Conversations}; every part is required, so a part that
 * was forgotten fails here, by name, instead of turning into a quiet default.
 *
 * <p>Four parts may be null because their absence means something: {@code developerInstructions} (none),
 * {@code outputSchema} (a free-form answer), {@code mokaHome} (no global AGENTS.md, skills or message history)
 * and {@code resumedContext} (a new conversation, or a rollout that recorded no turn context).
 *
 * <p>{@code resumedItems} is empty for a new conversation, which then starts with the initial context;
 * {@code resumedTurns} are where its user turns began (for a rollback past the resume).
 * {@code startupNotices} ({@code Warning}s and {@code BackgroundEvent}s) are reported once the session starts;
 * {@code owned} is closed when the session shuts down (the processes its tools keep); {@code guard} is how
 * commands are sandboxed and approved; {@code models} describes a model a later turn switches to;
 * {@code snapshotsForUndo} says whether each turn is snapshotted so that {@code Op.Undo} can restore its files
 * (only a face that can undo asks for that, see {@link Face}); {@code secrets} masks what the faces are shown
 * and what {@code history.jsonl} keeps, never what the model is sent; {@code hooks} are the person's trusted
 * hooks ({@link Hooks#NONE} for none).
 */
public record SessionSetup(String conversationId, TurnContext initialContext, ModelClient client, ToolRouter tools,
        RolloutRecorder rollout, String instructions, String developerInstructions, String shell,
        List<ResponseItem> resumedItems, JsonNode outputSchema, Path mokaHome, ContextSettings contextSettings,
        TurnContext resumedContext, String providerId, List<EventMsg> startupNotices, MokaLog log,
        AutoCloseable owned, GuardSettings guard, ModelCatalog models, List<TurnStart> resumedTurns,
        boolean snapshotsForUndo, SecretRedactor secrets, Hooks hooks) {
    public SessionSetup {
        Objects.requireNonNull(conversationId, "conversationId");
        Objects.requireNonNull(initialContext, "initialContext");
        Objects.requireNonNull(client, "client");
        Objects.requireNonNull(tools, "tools");
        Objects.requireNonNull(rollout, "rollout");
        Objects.requireNonNull(instructions, "instructions");
        Objects.requireNonNull(shell, "shell");
        resumedItems = List.copyOf(resumedItems);
        Objects.requireNonNull(contextSettings, "contextSettings");
        Objects.requireNonNull(providerId, "providerId");
        startupNotices = List.copyOf(startupNotices);
        Objects.requireNonNull(log, "log");
        Objects.requireNonNull(owned, "owned");
        Objects.requireNonNull(guard, "guard");
        Objects.requireNonNull(models, "models");
        resumedTurns = List.copyOf(resumedTurns);
        Objects.requireNonNull(secrets, "secrets");
        Objects.requireNonNull(hooks, "hooks");
    }

    /**
     * A new conversation of {@code conversationId}, for a test that drives the turn loop with parts of its own
     * choosing: the parts a test does not set are those of an unattended run of the built-in provider, with no
     * MOKA_HOME, that masks only what is shaped like a secret and logs nothing.
     */
    public static Builder builder(String conversationId, TurnContext initialContext, ModelClient client,
            ToolRouter tools, RolloutRecorder rollout) {
        return new Builder(conversationId, initialContext, client, tools, rollout);
    }

    /** The parts of a new conversation, most of them fixed; see {@link #builder}. */
    public static final class Builder {
        private final String conversationId;
        private final TurnContext initialContext;
        private final ModelClient client;
        private final ToolRouter tools;
        private final RolloutRecorder rollout;
        private String instructions = "You are a coding agent.";
        private String developerInstructions;
        private Path mokaHome;
        private ContextSettings contextSettings = ContextSettings.DEFAULTS;
        private MokaLog log = MokaLog.discarding();

        private Builder(String conversationId, TurnContext initialContext, ModelClient client, ToolRouter tools,
                RolloutRecorder rollout) {
            this.conversationId = conversationId;
            this.initialContext = initialContext;
            this.client = client;
            this.tools = tools;
            this.rollout = rollout;
        }

        public Builder instructions(String base, String developer) {
            this.instructions = base;
            this.developerInstructions = developer;
            return this;
        }

        public Builder mokaHome(Path home) {
            this.mokaHome = home;
            return this;
        }

        public Builder contextSettings(ContextSettings settings) {
            this.contextSettings = settings;
            return this;
        }

        public Builder log(MokaLog log) {
            this.log = log;
            return this;
        }

        public SessionSetup build() {
            return new SessionSetup(conversationId, initialContext, client, tools, rollout, instructions,
                    developerInstructions, "bash", List.of(), null, mokaHome, contextSettings, null, "openai",
                    List.of(), log, () -> { }, GuardSettings.unattended(), ModelCatalog.bundled(), List.of(), false,
                    SecretRedactor.fromEnvironment(Map.of()), Hooks.NONE);
        }
    }
}
