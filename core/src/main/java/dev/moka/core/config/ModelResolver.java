package dev.moka.core.config;

import dev.moka.core.config.model.ModelCatalog;
import dev.moka.core.config.model.ModelInfo;
import dev.moka.core.config.toml.ConfigException;
import dev.moka.core.config.toml.ConfigNode;
import dev.moka.core.config.toml.ConfigValues;
import dev.moka.core.config.toml.TomlSource;
import dev.moka.protocol.ReasoningEffort;
import dev.moka.protocol.WireEnum;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Collectors;

/**
 * Picks the model of a run and what Moka knows of it: the catalog (bundled, then {@code
 * $MOKA_HOME/models.toml}, then {@code [model_catalog]}), the per-key overrides ({@code
 * model_context_window}, {@code model_max_output_tokens}, {@code model_supports_reasoning_summaries}), and
 * the reasoning effort, which must be one the model takes.
 */
final class ModelResolver {
    static final String MODELS_FILE = "models.toml";

    /** The model, its effort (null: none), the catalog it came from, and what to say about it. */
    record Resolved(ModelCatalog catalog, ModelInfo info, ReasoningEffort effort, List<String> warnings) {}

    private ModelResolver() {}

    static Resolved resolve(ConfigNode.Table root, Path home, Settings settings) throws ConfigException {
        ModelCatalog catalog = ModelCatalog.bundled()
                .with(TomlSource.readFile(home.resolve(MODELS_FILE)))
                .with(ConfigValues.table(root.get("model_catalog")));
        String slug = settings.model() != null ? settings.model() : catalog.defaultModel();
        ModelInfo info = catalog.lookup(slug);
        info = info.withLimits(positive(root.get("model_context_window"), info.contextWindow()),
                positive(root.get("model_max_output_tokens"), info.maxOutputTokens()));
        Boolean summaries = ConfigValues.bool(root.get("model_supports_reasoning_summaries"));
        if (summaries != null) {
            info = info.withReasoning(summaries);
        }
        List<String> warnings = info.known() ? List.of() : List.of("model " + ConfigValues.quote(slug)
                + " is not in Moka's model catalog, so it gets safe defaults (exec_command and write_stdin, no"
                + " apply_patch tool, no reasoning effort); describe it in $MOKA_HOME/" + MODELS_FILE
                + " to change that");
        return new Resolved(catalog, info, effort(settings.reasoningEffort(), info), warnings);
    }

    /** The configured effort when the model takes it, else its default; a model with no list takes any. */
    private static ReasoningEffort effort(ReasoningEffort configured, ModelInfo info) throws ConfigException {
        if (configured == null) {
            return info.defaultEffort();
        }
        if (info.known() && !info.efforts().isEmpty() && !info.efforts().contains(configured)) {
            throw new ConfigException("model_reasoning_effort: " + info.slug() + " does not take "
                    + ConfigValues.quote(configured.wire()) + "; it takes " + info.efforts().stream()
                    .map(WireEnum::wire).map(ConfigValues::quote).collect(Collectors.joining(", ")));
        }
        if (info.known() && info.efforts().isEmpty()) {
            throw new ConfigException("model_reasoning_effort: " + info.slug() + " takes no reasoning effort;"
                    + " remove model_reasoning_effort");
        }
        return configured;
    }

    private static long positive(ConfigNode node, long fallback) throws ConfigException {
        Long value = ConfigValues.integer(node);
        if (value == null) {
            return fallback;
        }
        if (value <= 0) {
            throw node.error("must be a positive number of tokens, found " + value);
        }
        return value;
    }
}
