package dev.moka.core.context;

import dev.moka.protocol.TokenUsage;
import java.util.List;
import tools.jackson.databind.node.ObjectNode;

/**
 * How big the next prompt is. The server's usage is the truth for everything it saw (its input plus its
 * output); items recorded since are estimated. After a compaction, or before any usage arrived, the whole
 * prompt is estimated: instructions, tool definitions and every item.
 */
public final class TokenAccounting {
    private final ConversationHistory history;
    private final TokenEstimator estimator;
    private TokenUsage total = TokenUsage.ZERO;
    private long serverTokens = -1;
    private int serverIndex;
    private String fixedInstructions;
    private List<ObjectNode> fixedTools;
    private long fixedTokens;

    public TokenAccounting(ConversationHistory history, TokenEstimator estimator) {
        this.history = history;
        this.estimator = estimator;
    }

    /** Call after the response's output items were recorded; {@code usage} may be null. */
    public void responseCompleted(TokenUsage usage) {
        if (usage == null) {
            return;
        }
        total = total.plus(usage);
        serverTokens = usage.inputTokens() + usage.outputTokens();
        serverIndex = history.size();
    }

    /** The history was replaced: what the server counted no longer applies. */
    public void historyReplaced() {
        serverTokens = -1;
    }

    public TokenUsage total() {
        return total;
    }

    /** The estimated tokens of a prompt made of the history, {@code instructions} and {@code tools}. */
    public long estimatedPromptTokens(String instructions, List<ObjectNode> tools) {
        if (serverTokens >= 0) {
            return serverTokens + history.estimatedTokens(serverIndex);
        }
        return fixedTokens(instructions, tools) + history.estimatedTokens(0);
    }

    /** Instructions and tools are the same objects for a whole conversation; their estimate is kept. */
    private long fixedTokens(String instructions, List<ObjectNode> tools) {
        if (instructions != fixedInstructions || tools != fixedTools) {
            TokenEstimator.Estimate e = estimator.text((instructions == null ? "" : instructions) + tools);
            fixedTokens = e.tokens();
            fixedInstructions = e.exact() ? instructions : null;
            fixedTools = e.exact() ? tools : null;
        }
        return fixedTokens;
    }

    /** The share of {@code window} left when {@code used} tokens are taken, 0 to 100. */
    public static int percentLeft(long used, long window) {
        if (window <= 0) {
            return 0;
        }
        return (int) Math.clamp((window - used) * 100 / window, 0, 100);
    }
}
