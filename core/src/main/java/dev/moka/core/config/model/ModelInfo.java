package dev.moka.core.config.model;

import dev.moka.protocol.ReasoningEffort;
import dev.moka.protocol.ReasoningSummary;
import dev.moka.protocol.Verbosity;
import java.util.List;

/**
 * What Moka knows about a model, from the catalog: its window and output limit, the tools it was trained
 * on, the reasoning efforts it takes, and what else its requests may carry. Every tool-shape decision comes
 * from here, never from the slug.
 *
 * @param efforts            the reasoning efforts it takes; empty when it takes none (or it is not known)
 * @param defaultEffort      sent when the configuration names none; null for none
 * @param supportsReasoning  whether requests carry a {@code reasoning} object at all
 * @param toolOutputTokens   the token budget of a tool output kept in history; null for a byte budget
 * @param known              false for a slug the catalog does not know (safe defaults)
 * @param toolMode           whether it reaches its tools one by one or only through code mode's {@code exec}
 * @param subagents          which tools it was trained to delegate to child agents with, and how they reach it
 */
public record ModelInfo(
        String slug,
        String displayName,
        long contextWindow,
        int effectiveContextPercent,
        long maxOutputTokens,
        ShellToolType shell,
        ApplyPatchKind applyPatch,
        List<ReasoningEffort> efforts,
        ReasoningEffort defaultEffort,
        boolean supportsReasoning,
        ReasoningSummary defaultSummary,
        boolean supportsVerbosity,
        Verbosity defaultVerbosity,
        boolean parallelToolCalls,
        Long toolOutputTokens,
        boolean acceptsImages,
        boolean listed,
        boolean known,
        ToolMode toolMode,
        SubagentTools subagents) {

    public ModelInfo {
        efforts = List.copyOf(efforts);
    }

    /** Whether it was trained on the freeform (grammar) form of {@code apply_patch}. */
    public boolean freeformApplyPatch() {
        return applyPatch == ApplyPatchKind.FREEFORM;
    }

    /** This entry with another context window and output limit ({@code model_context_window}, ...). */
    public ModelInfo withLimits(long window, long output) {
        return new ModelInfo(slug, displayName, window, effectiveContextPercent, output, shell, applyPatch, efforts,
                defaultEffort, supportsReasoning, defaultSummary, supportsVerbosity, defaultVerbosity,
                parallelToolCalls, toolOutputTokens, acceptsImages, listed, known, toolMode, subagents);
    }

    /** This entry with reasoning summaries on or off ({@code model_supports_reasoning_summaries}). */
    public ModelInfo withReasoning(boolean reasoning) {
        return new ModelInfo(slug, displayName, contextWindow, effectiveContextPercent, maxOutputTokens, shell,
                applyPatch, efforts, defaultEffort, reasoning, defaultSummary, supportsVerbosity, defaultVerbosity,
                parallelToolCalls, toolOutputTokens, acceptsImages, listed, known, toolMode, subagents);
    }

    /** This entry under another slug: a dated or tagged variant of a catalog model. */
    ModelInfo renamed(String variant) {
        return new ModelInfo(variant, displayName, contextWindow, effectiveContextPercent, maxOutputTokens, shell,
                applyPatch, efforts, defaultEffort, supportsReasoning, defaultSummary, supportsVerbosity,
                defaultVerbosity, parallelToolCalls, toolOutputTokens, acceptsImages, listed, known, toolMode, subagents);
    }
}
