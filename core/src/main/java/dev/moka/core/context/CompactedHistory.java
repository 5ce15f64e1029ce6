package dev.moka.core.context;

import dev.moka.protocol.ResponseItem;
import dev.moka.protocol.Role;
import java.util.ArrayList;
import java.util.List;

/**
 * The history a compaction leaves: the initial context, then what survives of the old history (the most
 * recent user messages and a summary when compacting locally; the server's items when compacting remotely).
 */
public final class CompactedHistory {
    /** How many tokens of the person's recent messages a local compaction keeps. */
    public static final long RECENT_USER_MESSAGE_TOKENS = 20_000;

    private CompactedHistory() {}

    /** Initial context + the most recent user messages (within the budget, oldest first) + the summary. */
    public static List<ResponseItem> local(List<ResponseItem> initialContext, List<ResponseItem> old, String summary,
            TokenEstimator estimator) {
        List<String> recent = new ArrayList<>();
        long left = RECENT_USER_MESSAGE_TOKENS;
        for (int i = old.size() - 1; i >= 0 && left > 0; i--) {
            if (old.get(i) instanceof ResponseItem.Message m && isPersonsMessage(m)) {
                String text = m.text();
                long tokens = estimator.text(text).tokens();
                if (tokens > left) {
                    text = new ToolOutputBudget(left, true).cut(text, estimator);
                }
                recent.addFirst(text);
                left -= tokens;
            }
        }
        List<ResponseItem> out = new ArrayList<>(initialContext);
        recent.forEach(text -> out.add(ResponseItem.Message.user(text)));
        out.add(ResponseItem.Message.user(CompactionPrompt.summaryMessage(summary)));
        return List.copyOf(out);
    }

    /**
     * Initial context + the server's items, less the developer and context messages it echoed back, which
     * the fresh initial context already holds.
     */
    public static List<ResponseItem> remote(List<ResponseItem> initialContext, List<ResponseItem> returned) {
        List<ResponseItem> out = new ArrayList<>(initialContext);
        for (ResponseItem item : returned) {
            boolean context = item instanceof ResponseItem.Message m && (m.role() == Role.DEVELOPER
                    || m.role() == Role.SYSTEM || m.role() == Role.USER && !isPersonsMessage(m)
                    && !CompactionPrompt.isSummary(m.text()));
            if (!context && !(item instanceof ResponseItem.Unknown)) {
                out.add(item);
            }
        }
        return List.copyOf(out);
    }

    /** A user message the person wrote, as opposed to context Moka added or an earlier summary. */
    static boolean isPersonsMessage(ResponseItem.Message m) {
        return m.role() == Role.USER && !EnvironmentContext.isEnvironmentContext(m)
                && !UserInstructions.isInstructions(m) && !CompactionPrompt.isSummary(m.text());
    }
}
