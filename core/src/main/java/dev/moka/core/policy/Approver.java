package dev.moka.core.policy;

/** Whoever answers approval requests: the person at an interactive face, or nobody in a headless run. */
public interface Approver {
    /** Whether anyone can answer; when false, {@link #decide} is never called and the request is denied. */
    boolean canAsk();

    /**
     * Shows {@code request} and waits for the answer without holding a platform thread.
     *
     * @throws InterruptedException when the turn is interrupted while waiting
     */
    Decision decide(ApprovalRequest request) throws InterruptedException;

    /** No one to ask: {@code moka exec}, tests. */
    Approver NOBODY = new Approver() {
        @Override
        public boolean canAsk() {
            return false;
        }

        @Override
        public Decision decide(ApprovalRequest request) {
            return Decision.DENY;
        }
    };
}
