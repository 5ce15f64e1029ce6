package dev.moka.core.config;

import dev.moka.protocol.AskForApproval;
import dev.moka.protocol.ReasoningEffort;
import dev.moka.protocol.ReasoningSummary;
import dev.moka.protocol.SandboxPolicy;
import dev.moka.protocol.Verbosity;
import java.nio.file.Path;
import java.util.List;

/**
 * The resolved configuration of one Moka run: config.toml, then {@code -c} overrides, then flags.
 * Nullable fields: {@code reasoningEffort}, {@code verbosity}, {@code developerInstructions}.
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
        ToolSettings tools) {

    public Config {
        warnings = List.copyOf(warnings);
    }
}
