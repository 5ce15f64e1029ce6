package dev.moka.core.session;

import dev.moka.core.client.CompletedResponse;
import dev.moka.core.client.ModelClient;
import dev.moka.core.client.ModelClientException;
import dev.moka.core.client.Prompt;
import dev.moka.core.client.ResponseEvent;
import dev.moka.core.context.CompactedHistory;
import dev.moka.core.context.CompactionPrompt;
import dev.moka.core.context.ConversationHistory;
import dev.moka.core.context.OldestFirstTrim;
import dev.moka.core.context.TokenEstimator;
import dev.moka.protocol.EventMsg;
import dev.moka.protocol.ResponseItem;
import dev.moka.protocol.Role;
import java.util.ArrayList;
import java.util.List;

/**
 * Shrinks a conversation's history. Remote: the provider's compact endpoint returns the items that replace
 * it. Local: a summarization request without tools, then initial context + recent user messages + summary.
 * Either way the rollout records the replacement, so a resumed session continues from the same items.
 */
final class Compactor {
    private final ModelClient client;
    private final TokenEstimator estimator;
    private final String compactPrompt;
    private final boolean remote;
    private final RolloutRecorder rollout;
    /** How many times a summarization that does not fit is retried with the oldest items trimmed. */
    private static final int MAX_TRIMS = 6;

    Compactor(ModelClient client, TokenEstimator estimator, String compactPrompt, boolean remote,
            RolloutRecorder rollout) {
        this.client = client;
        this.estimator = estimator;
        this.compactPrompt = CompactionPrompt.text(compactPrompt);
        this.remote = remote;
        this.rollout = rollout;
    }

    /** Replaces {@code history}; {@code base} gives the model, instructions and tools of the request. */
    void compact(ConversationHistory history, Prompt base, List<ResponseItem> initialContext, EventSink sink)
            throws ModelClientException {
        int before = history.size();
        List<ResponseItem> replacement;
        String summary = null;
        List<ResponseItem> items = history.forPrompt();
        for (int trims = 0; ; trims++) {
            try {
                if (remote) {
                    var prompt = new Prompt(base.settings(), base.instructions(), items, base.tools(), null,
                            base.placement());
                    replacement = CompactedHistory.remote(initialContext, client.compact(prompt));
                } else {
                    summary = summarize(items, base, sink);
                    replacement = CompactedHistory.local(initialContext, history.items(), summary, estimator);
                }
                break;
            } catch (ModelClientException e) {
                List<ResponseItem> trimmed = OldestFirstTrim.trim(items, initialContext.size());
                if (e.kind() != ModelClientException.Kind.CONTEXT_LENGTH_EXCEEDED || trims == MAX_TRIMS
                        || trimmed.size() == items.size()) {
                    throw e;
                }
                sink.emit(new EventMsg.BackgroundEvent("the conversation is too long even to summarise; leaving out "
                        + (items.size() - trimmed.size()) + " of its oldest items and trying again"));
                items = trimmed;
            }
        }
        history.replace(replacement);
        rollout.recordCompacted(summary, replacement);
        sink.emit(new EventMsg.BackgroundEvent("compacted the conversation (" + (remote ? "on the server" : "locally")
                + "): " + before + " items became " + replacement.size()));
    }

    private String summarize(List<ResponseItem> items, Prompt base, EventSink sink) throws ModelClientException {
        List<ResponseItem> input = new ArrayList<>(items);
        input.add(ResponseItem.Message.user(compactPrompt));
        var prompt = new Prompt(base.settings(), base.instructions(), input, List.of(), null);
        CompletedResponse response = client.stream(prompt, event -> {
            if (event instanceof ResponseEvent.Retrying r) {
                sink.emit(new EventMsg.StreamError("compaction stream interrupted (" + r.reason() + "); retrying "
                        + r.attempt() + "/" + r.maxAttempts()));
            }
        });
        String summary = null;
        for (ResponseItem item : response.output()) {
            if (item instanceof ResponseItem.Message m && m.role() == Role.ASSISTANT && !m.text().isBlank()) {
                summary = m.text();
            }
        }
        if (summary == null) {
            throw new ModelClientException(ModelClientException.Kind.RESPONSE_FAILED,
                    "the compaction request returned no summary message; try compacting again");
        }
        return summary;
    }
}
