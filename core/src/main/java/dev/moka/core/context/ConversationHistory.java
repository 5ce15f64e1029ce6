package dev.moka.core.context;

import dev.moka.protocol.ResponseItem;
import java.util.ArrayList;
import java.util.List;

/**
 * The items of one conversation, oldest first. Only appended to, so that every request's input is an
 * exact prefix of the next one; {@link #replace} (compaction) is the one exception, and {@link #truncate} (a
 * rollback) leaves a prefix. Keeps a token estimate per item, computed once, so the prompt size is known
 * without tokenizing it again. Confined to the session's turn thread.
 */
public final class ConversationHistory {
    private final List<ResponseItem> items = new ArrayList<>();
    /** Per item: its estimate, negative while only a rough one is known (recomputed on the next sum). */
    private final List<Long> estimates = new ArrayList<>();
    private final TokenEstimator estimator;

    public ConversationHistory(List<ResponseItem> initial, TokenEstimator estimator) {
        this.estimator = estimator;
        initial.forEach(this::record);
    }

    public void record(ResponseItem item) {
        items.add(item);
        estimates.add(null);
    }

    /** Replaces every item: only compaction does this, and it is the one place the prefix changes. */
    public void replace(List<ResponseItem> replacement) {
        items.clear();
        estimates.clear();
        replacement.forEach(this::record);
    }

    /**
     * Keeps only the first {@code size} items: a rollback forks the conversation there, and what is left is a
     * prefix of what was sent before, so the next request still extends a cached one.
     */
    public void truncate(int size) {
        items.subList(size, items.size()).clear();
        estimates.subList(size, estimates.size()).clear();
    }

    public boolean isEmpty() {
        return items.isEmpty();
    }

    public int size() {
        return items.size();
    }

    /** The items a request sends: everything except item types the server would not accept back. */
    public List<ResponseItem> forPrompt() {
        return items.stream().filter(item -> !(item instanceof ResponseItem.Unknown)).toList();
    }

    public List<ResponseItem> items() {
        return List.copyOf(items);
    }

    /** The estimated tokens of the items from index {@code from} on. */
    public long estimatedTokens(int from) {
        long total = 0;
        for (int i = Math.max(0, from); i < items.size(); i++) {
            Long cached = estimates.get(i);
            if (cached == null || cached < 0) {
                TokenEstimator.Estimate e = estimator.item(items.get(i));
                cached = e.exact() ? e.tokens() : -e.tokens() - 1;
                estimates.set(i, cached);
            }
            total += cached >= 0 ? cached : -cached - 1;
        }
        return total;
    }
}
