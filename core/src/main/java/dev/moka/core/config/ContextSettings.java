package dev.moka.core.config;

import java.util.List;

/**
 * How Moka manages a conversation's context: AGENTS.md discovery, tool output budgets, auto-compaction,
 * the message history file and the turn-complete notifier. Nullable: {@code toolOutputTokenLimit},
 * {@code autoCompactTokenLimit} and {@code compactPrompt} (the model's or Moka's defaults apply).
 *
 * @param projectDocMaxBytes the most bytes of AGENTS.md text sent; 0 turns project docs off
 * @param historyMaxBytes the size {@code history.jsonl} is trimmed to; 0 means no limit
 * @param remoteCompaction compact with the provider's {@code /responses/compact} endpoint instead of a
 *     summarization request: on for the built-in {@code openai} provider, else the provider's
 *     {@code remote_compaction} key
 */
public record ContextSettings(
        long projectDocMaxBytes,
        List<String> projectDocFallbackFilenames,
        List<String> projectRootMarkers,
        Long toolOutputTokenLimit,
        Long autoCompactTokenLimit,
        String compactPrompt,
        boolean historyPersistence,
        long historyMaxBytes,
        List<String> notifyCommand,
        boolean remoteCompaction) {

    public static final long DEFAULT_PROJECT_DOC_MAX_BYTES = 32 * 1024;

    /** The settings of a config that sets none of these keys, for a provider without remote compaction. */
    public static final ContextSettings DEFAULTS = new ContextSettings(DEFAULT_PROJECT_DOC_MAX_BYTES, List.of(),
            List.of(".git"), null, null, null, true, 0, List.of(), false);

    public ContextSettings {
        projectDocFallbackFilenames = List.copyOf(projectDocFallbackFilenames);
        projectRootMarkers = List.copyOf(projectRootMarkers);
        notifyCommand = List.copyOf(notifyCommand);
    }

    /** A copy with remote compaction switched on or off. */
    public ContextSettings withRemoteCompaction(boolean remote) {
        return new ContextSettings(projectDocMaxBytes, projectDocFallbackFilenames, projectRootMarkers,
                toolOutputTokenLimit, autoCompactTokenLimit, compactPrompt, historyPersistence, historyMaxBytes,
                notifyCommand, remote);
    }
}
