package dev.moka.core.policy;

import dev.moka.protocol.EventMsg;
import dev.moka.protocol.ReviewDecision;

/** Whoever answers approval requests: the person at an interactive face, or nobody in a headless run. */
public interface Approver {
    /** Whether anyone can answer; when false, {@link #decide} is never called and the request is denied. */
    boolean canAsk();

    /**
     * Shows {@code request} (an {@link EventMsg.ExecApprovalRequest} or {@link EventMsg.ApplyPatchApprovalRequest})
     * and waits for the answer without holding a platform thread.
     *
     * @throws InterruptedException when the turn is interrupted while waiting
     */
    Review decide(EventMsg request) throws InterruptedException;

    /** No one to ask: {@code moka exec}, tests. */
    Approver NOBODY = new Approver() {
        @Override
        public boolean canAsk() {
            return false;
        }

        @Override
        public Review decide(EventMsg request) {
            return Review.of(ReviewDecision.DENIED);
        }
    };
}
