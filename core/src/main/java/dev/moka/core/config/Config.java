package dev.moka.core.config;

import dev.moka.core.config.model.ModelCatalog;
import dev.moka.core.config.model.ModelInfo;
import dev.moka.core.config.provider.ModelProviderInfo;
import dev.moka.core.config.service.Services;
import dev.moka.protocol.AskForApproval;
import dev.moka.protocol.ReasoningEffort;
import dev.moka.protocol.ReasoningSummary;
import dev.moka.protocol.SandboxPolicy;
import dev.moka.protocol.Verbosity;
import java.nio.file.Path;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.SequencedMap;

/**
 * The resolved configuration of one Moka run: config.toml, then {@code -c} overrides, then flags.
 * Nullable fields: {@code reasoningEffort}, {@code verbosity}, {@code developerInstructions}.
 * {@code services} holds the tools' external services (never null; {@link Services#NONE} when none).
 * {@code context} holds the context-management keys (AGENTS.md, budgets, compaction, history, notify);
 * {@code sandbox} how the sandbox is enforced and whether the project is trusted; {@code models} the
 * model catalog (for a turn that switches models); {@code providers} every provider, built-in or configured
 * ({@code provider} is the one in use); {@code tui} how the interactive UI shows the conversation.
 */
public record Config(
        Path mokaHome,
        Path cwd,
        String model,
        ModelInfo modelInfo,
        ModelProviderInfo provider,
        AskForApproval approvalPolicy,
        SandboxPolicy sandboxPolicy,
        ReasoningEffort reasoningEffort,
        ReasoningSummary reasoningSummary,
        Verbosity verbosity,
        String developerInstructions,
        String baseInstructions,
        List<String> warnings,
        Services services,
        ContextSettings context,
        ToolSettings tools,
        SandboxOptions sandbox,
        ModelCatalog models,
        SequencedMap<String, ModelProviderInfo> providers,
        TuiSettings tui) {

    public Config {
        warnings = List.copyOf(warnings);
        providers = Collections.unmodifiableSequencedMap(new LinkedHashMap<>(providers));
    }

    /**
     * This configuration with other instructions; null keeps the current ones. For a face that takes them as
     * text for one conversation (the MCP server's {@code base-instructions} and {@code developer-instructions}),
     * which must win over every file and profile, as command-line flags do.
     */
    public Config withInstructions(String base, String developer) {
        return new Config(mokaHome, cwd, model, modelInfo, provider, approvalPolicy, sandboxPolicy, reasoningEffort,
                reasoningSummary, verbosity, developer != null ? developer : developerInstructions,
                base != null ? base : baseInstructions, warnings, services, context, tools, sandbox, models,
                providers, tui);
    }

    /**
     * This configuration for a child agent: another model (null keeps this one) and effort (null: the model's own
     * default when the model changes, else this one's), and {@code developer} instructions added after this one's.
     */
    public Config forChild(String slug, ReasoningEffort effort, String developer) {
        ModelInfo info = slug == null || slug.equals(model) ? modelInfo : models.lookup(slug);
        ReasoningEffort childEffort = effort != null ? effort : info == modelInfo ? reasoningEffort : info.defaultEffort();
        String instructions = developer == null || developer.isBlank() ? developerInstructions
                : developerInstructions == null || developerInstructions.isBlank() ? developer
                : developerInstructions + "\n\n" + developer;
        return new Config(mokaHome, cwd, info.slug(), info, provider, approvalPolicy, sandboxPolicy, childEffort,
                reasoningSummary, verbosity, instructions, baseInstructions, warnings, services, context, tools, sandbox,
                models, providers, tui);
    }
}
