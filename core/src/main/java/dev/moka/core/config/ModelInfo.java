package dev.moka.core.config;

import dev.moka.protocol.ReasoningEffort;

/**
 * What Moka knows about a model: its context window, its output limit, which request options it takes,
 * and whether it was trained on the freeform (grammar) form of {@code apply_patch} rather than the JSON
 * function form. Unknown models get conservative defaults.
 */
public record ModelInfo(
        String slug,
        long contextWindow,
        long maxOutputTokens,
        boolean supportsReasoning,
        boolean supportsVerbosity,
        ReasoningEffort defaultEffort,
        boolean freeformApplyPatch) {}
