package dev.moka.core.policy;

import dev.moka.protocol.ReviewDecision;

/** The person's answer to an approval request: the decision, and what they said with a denial (may be null). */
public record Review(ReviewDecision decision, String reason) {
    public static Review of(ReviewDecision decision) {
        return new Review(decision, null);
    }
}
