package dev.moka.core.session;

import dev.moka.core.policy.Approver;
import dev.moka.core.policy.Review;
import dev.moka.protocol.EventMsg;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;

/**
 * Approval requests a session's turn is waiting on, keyed by call id, answered by the {@code ExecApproval}
 * and {@code PatchApproval} ops. The waiting turn runs on a virtual thread, so a wait holds no platform
 * thread; an interrupt (the {@code Interrupt} op) ends the wait.
 */
final class PendingApprovals {
    private final Map<String, CompletableFuture<Review>> waiting = new ConcurrentHashMap<>();

    /** An approver that shows requests through {@code sink} and waits here for their answers. */
    Approver forTurn(EventSink sink) {
        return new Approver() {
            @Override
            public boolean canAsk() {
                return true;
            }

            @Override
            public Review decide(EventMsg request) throws InterruptedException {
                String id = callId(request);
                var answer = new CompletableFuture<Review>();
                waiting.put(id, answer);
                try {
                    sink.emit(request);
                    return answer.get();
                } catch (ExecutionException e) {
                    throw new IllegalStateException("an approval is never completed exceptionally", e);
                } finally {
                    waiting.remove(id, answer);
                }
            }
        };
    }

    /** Delivers a decision; false when no request with that id is waiting. */
    boolean answer(String id, Review review) {
        CompletableFuture<Review> answer = waiting.get(id);
        return answer != null && answer.complete(review);
    }

    private static String callId(EventMsg request) {
        if (request instanceof EventMsg.ExecApprovalRequest exec) {
            return exec.callId();
        }
        if (request instanceof EventMsg.ApplyPatchApprovalRequest patch) {
            return patch.callId();
        }
        throw new IllegalArgumentException("not an approval request: " + request.getClass().getSimpleName());
    }
}
