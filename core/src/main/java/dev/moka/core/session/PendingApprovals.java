package dev.moka.core.session;

import dev.moka.core.policy.Approver;
import dev.moka.core.policy.ApprovalRequest;
import dev.moka.core.policy.Decision;
import dev.moka.protocol.EventMsg;
import java.util.Collections;
import java.util.Map;
import java.util.Set;
import java.util.WeakHashMap;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;

/**
 * Approval requests a session's turn is waiting on, keyed by call id, answered by the {@code ExecApproval}
 * and {@code PatchApproval} ops. The waiting turn runs on a virtual thread, so a wait holds no platform
 * thread; an interrupt (the {@code Interrupt} op) ends the wait. A request outlives its turn only when a
 * script the turn left running asked it; {@link #taskEnded} refuses those, and any the script asks later, so
 * that no answer given later runs anything for a turn that is over.
 */
final class PendingApprovals {
    private static final String ENDED = "the turn that asked for this approval ended before the person answered;"
            + " nothing was run";

    /** One request waiting: the sink of the task that asked, and where the answer goes. */
    private record Waiting(EventSink asker, CompletableFuture<Decision> answer) {}

    private final Map<String, Waiting> waiting = new ConcurrentHashMap<>();
    /**
     * The sinks of tasks that ended. A script's nested call can reach its turn's approver just as the turn
     * ends; it must then be refused rather than shown to a person whose face has already closed the turn.
     * Weak: a sink is forgotten once nothing (no parked script) can ask through it any more.
     */
    private final Set<EventSink> ended = Collections.newSetFromMap(new WeakHashMap<>());

    /**
     * An approver that shows requests through {@code sink} and waits here for their answers. {@code turn} is
     * the task's thread, which an {@link Decision.Abort} stops.
     */
    Approver forTurn(EventSink sink, Thread turn) {
        return new Approver() {
            @Override
            public boolean canAsk() {
                return true;
            }

            @Override
            public Decision decide(ApprovalRequest request) throws InterruptedException {
                String id = request.callId();
                var entry = new Waiting(sink, new CompletableFuture<>());
                show(id, entry, request);
                try {
                    Decision decision = entry.answer().get();
                    sink.emit(new EventMsg.BackgroundEvent(ApprovalNote.of(request, decision)));
                    if (decision instanceof Decision.Abort && Thread.currentThread() != turn) {
                        abort(sink, turn);
                    }
                    return decision;
                } catch (CancellationException e) {
                    throw new InterruptedException(ENDED);
                } catch (ExecutionException e) {
                    throw new IllegalStateException("an approval is never completed exceptionally", e);
                } finally {
                    waiting.remove(id, entry);
                }
            }
        };
    }

    /**
     * Registers and emits a request, both under the lock {@link #taskEnded} takes: a request is then either
     * refused here or emitted before the task's last event (which follows taskEnded), so that a face which
     * drops a turn's prompts when the turn ends never shows one that nobody waits on.
     */
    private synchronized void show(String id, Waiting entry, ApprovalRequest request) throws InterruptedException {
        if (ended.contains(entry.asker())) {
            throw new InterruptedException(ENDED);
        }
        waiting.put(id, entry);
        entry.asker().emit(request.event());
    }

    /**
     * "No, and stop": a direct call's wait is on the turn's own thread, which the decision ends, but a
     * script's nested call waits on a thread of its own, and only failing it would leave the turn running.
     * A turn that has ended is left alone.
     */
    private synchronized void abort(EventSink sink, Thread turn) {
        if (!ended.contains(sink)) {
            turn.interrupt();
        }
    }

    /** Delivers a decision; false when no request with that id is waiting. */
    boolean answer(String id, Decision decision) {
        Waiting entry = waiting.get(id);
        return entry != null && entry.answer().complete(decision);
    }

    /** Refuses every request still waiting that the task with {@code sink} asked, and any it asks later. */
    synchronized void taskEnded(EventSink sink) {
        ended.add(sink);
        waiting.values().removeIf(entry -> entry.asker() == sink && entry.answer().cancel(false));
    }
}
