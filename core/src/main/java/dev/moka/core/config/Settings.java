package dev.moka.core.config;

import dev.moka.core.config.toml.ConfigException;
import dev.moka.core.config.toml.ConfigNode;
import dev.moka.core.config.toml.ConfigValues;
import dev.moka.core.config.toml.Origin;
import dev.moka.core.config.toml.Sourced;
import dev.moka.protocol.AskForApproval;
import dev.moka.protocol.ReasoningEffort;
import dev.moka.protocol.ReasoningSummary;
import dev.moka.protocol.SandboxMode;
import dev.moka.protocol.Verbosity;
import java.nio.file.Path;
import java.util.Set;

/**
 * The settings a profile may hold, read from one table (the top level, a profile, or the flags). Every
 * field is null when not set; {@link #overlay} lays a more specific layer over a more general one.
 */
record Settings(
        String model,
        Sourced<String> modelProvider,
        AskForApproval approvalPolicy,
        SandboxMode sandboxMode,
        ReasoningEffort reasoningEffort,
        ReasoningSummary reasoningSummary,
        Verbosity verbosity,
        Sourced<Path> instructionsFile,
        String developerInstructions) {

    /** The keys read here; a profile table may hold only these. */
    static final Set<String> KEYS = Set.of("model", "model_provider", "approval_policy", "sandbox_mode",
            "model_reasoning_effort", "model_reasoning_summary", "model_verbosity", "model_instructions_file",
            "experimental_instructions_file", "developer_instructions");

    static final Settings EMPTY = new Settings(null, null, null, null, null, null, null, null, null);

    static Settings read(ConfigNode.Table table, Path mokaHome) throws ConfigException {
        ConfigNode provider = table.get("model_provider");
        return new Settings(
                model(table.get("model")),
                Sourced.of(ConfigValues.string(provider), provider),
                ConfigValues.choice(table.get("approval_policy"), AskForApproval.class),
                ConfigValues.choice(table.get("sandbox_mode"), SandboxMode.class),
                ConfigValues.choice(table.get("model_reasoning_effort"), ReasoningEffort.class),
                ConfigValues.choice(table.get("model_reasoning_summary"), ReasoningSummary.class),
                ConfigValues.choice(table.get("model_verbosity"), Verbosity.class),
                instructionsFile(table, mokaHome),
                ConfigValues.string(table.get("developer_instructions")));
    }

    /** The model a table names; an empty name would reach the server as {@code "model": ""}. */
    private static String model(ConfigNode node) throws ConfigException {
        String model = ConfigValues.string(node);
        if (model != null && model.isBlank()) {
            throw node.error("the model name is empty; name a model (model = \"gpt-5.1-codex\"), or remove the "
                    + "key for the default one");
        }
        return model;
    }

    /** Settings that only name a model. */
    static Settings ofModel(String model) {
        return new Settings(model, null, null, null, null, null, null, null, null);
    }

    static Settings fromFlags(ConfigOverrides flags) throws ConfigException {
        if (flags.model() != null && flags.model().isBlank()) {
            throw new ConfigException(Origin.FLAGS.location() + ": -m/--model: the model name is empty; name a "
                    + "model (-m gpt-5.1-codex), or leave the flag out for the configured one");
        }
        Sourced<String> provider = flags.modelProvider() == null
                ? null
                : new Sourced<>(flags.modelProvider(), Origin.FLAGS.location() + ": model_provider");
        return new Settings(flags.model(), provider, flags.approvalPolicy(), flags.sandboxMode(),
                null, null, null, null, null);
    }

    Settings overlay(Settings over) {
        return new Settings(
                pick(over.model, model),
                pick(over.modelProvider, modelProvider),
                pick(over.approvalPolicy, approvalPolicy),
                pick(over.sandboxMode, sandboxMode),
                pick(over.reasoningEffort, reasoningEffort),
                pick(over.reasoningSummary, reasoningSummary),
                pick(over.verbosity, verbosity),
                pick(over.instructionsFile, instructionsFile),
                pick(over.developerInstructions, developerInstructions));
    }

    private static <T> T pick(T preferred, T fallback) {
        return preferred != null ? preferred : fallback;
    }

    /** {@code model_instructions_file}, or its legacy name; relative paths are relative to MOKA_HOME. */
    private static Sourced<Path> instructionsFile(ConfigNode.Table table, Path mokaHome) throws ConfigException {
        ConfigNode node = table.get("model_instructions_file");
        if (node == null) {
            node = table.get("experimental_instructions_file");
        }
        String text = ConfigValues.string(node);
        if (text == null) {
            return null;
        }
        if (text.isBlank()) {
            throw node.error("the path is empty; name a Markdown file or remove the key");
        }
        return Sourced.of(ConfigPaths.resolve(mokaHome, text), node);
    }
}
