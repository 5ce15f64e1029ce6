package dev.moka.core.session;

import dev.moka.core.policy.Approver;
import dev.moka.core.policy.Review;
import dev.moka.protocol.EventMsg;
import java.util.Map;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;

/**
 * Approval requests a session's turn is waiting on, keyed by call id, answered by the {@code ExecApproval}
 * and {@code PatchApproval} ops. The waiting turn runs on a virtual thread, so a wait holds no platform
 * thread; an interrupt (the {@code Interrupt} op) ends the wait. A request outlives its turn only when a
 * script the turn left running asked it; {@link #taskEnded} refuses those, so that no answer given later
 * runs anything for a turn that is over.
 */
final class PendingApprovals {
    /** One request waiting: the sink of the task that asked, and where the answer goes. */
    private record Waiting(EventSink asker, CompletableFuture<Review> answer) {}

    private final Map<String, Waiting> waiting = new ConcurrentHashMap<>();

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
                var entry = new Waiting(sink, new CompletableFuture<>());
                waiting.put(id, entry);
                try {
                    sink.emit(request);
                    return entry.answer().get();
                } catch (CancellationException e) {
                    throw new InterruptedException("the turn that asked for this approval ended before the person"
                            + " answered; nothing was run");
                } catch (ExecutionException e) {
                    throw new IllegalStateException("an approval is never completed exceptionally", e);
                } finally {
                    waiting.remove(id, entry);
                }
            }
        };
    }

    /** Delivers a decision; false when no request with that id is waiting. */
    boolean answer(String id, Review review) {
        Waiting entry = waiting.get(id);
        return entry != null && entry.answer().complete(review);
    }

    /** Refuses every request still waiting that the task with {@code sink} asked. */
    void taskEnded(EventSink sink) {
        waiting.values().removeIf(entry -> entry.asker() == sink && entry.answer().cancel(false));
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
