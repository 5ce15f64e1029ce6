package dev.moka.core.config;

import dev.moka.protocol.ReasoningEffort;

/**
 * What Moka knows about a model: its context window, its output limit, and which request options it
 * takes. Unknown models get conservative defaults.
 */
public record ModelInfo(
        String slug,
        long contextWindow,
        long maxOutputTokens,
        boolean supportsReasoning,
        boolean supportsVerbosity,
        ReasoningEffort defaultEffort) {}
