package dev.moka.core.session;

import static org.assertj.core.api.Assertions.assertThat;

import dev.moka.core.policy.Approver;
import dev.moka.core.policy.ApprovalRequest;
import dev.moka.core.policy.Decision;
import dev.moka.protocol.EventMsg;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * Approvals outliving their turn (asked by a script the turn left running) are refused when it ends, and a
 * script's approval answered "no, and stop" stops its turn.
 */
class PendingApprovalsTest {
    private static ApprovalRequest request(String callId) {
        return new ApprovalRequest.Exec(callId, List.of("touch", "x"), "/tmp", "because", null);
    }

    /** Asks on a thread of its own; the future holds the answer, or the exception that ended the wait. */
    private static CompletableFuture<Object> ask(Approver approver, String callId) {
        var outcome = new CompletableFuture<Object>();
        Thread.ofVirtual().start(() -> {
            try {
                outcome.complete(approver.decide(request(callId)));
            } catch (InterruptedException e) {
                outcome.complete(e);
            }
        });
        return outcome;
    }

    @Test
    void anApprovalStillWaitingWhenItsTurnEndsIsRefusedAndALaterAnswerRunsNothing() throws Exception {
        var approvals = new PendingApprovals();
        var shown = new CountDownLatch(2);
        EventSink endedTurn = event -> shown.countDown();
        EventSink otherTurn = event -> shown.countDown();
        var left = ask(approvals.forTurn(endedTurn, Thread.currentThread()), "c1/1");
        var kept = ask(approvals.forTurn(otherTurn, Thread.currentThread()), "c2/1");
        assertThat(shown.await(10, TimeUnit.SECONDS)).isTrue();

        approvals.taskEnded(endedTurn);

        assertThat(left.get(10, TimeUnit.SECONDS)).isInstanceOfSatisfying(InterruptedException.class,
                e -> assertThat(e.getMessage()).contains("ended before the person answered"));
        assertThat(approvals.answer("c1/1", Decision.APPROVE)).isFalse();
        assertThat(kept).isNotDone();
        assertThat(approvals.answer("c2/1", Decision.APPROVE)).isTrue();
        assertThat(kept.get(10, TimeUnit.SECONDS)).isEqualTo(Decision.APPROVE);
    }

    @Test
    void aScriptAskingThroughATurnThatEndedIsRefusedWithoutShowingTheRequest() throws Exception {
        var approvals = new PendingApprovals();
        List<EventMsg> shown = new CopyOnWriteArrayList<>();
        EventSink endedTurn = shown::add;
        Approver approver = approvals.forTurn(endedTurn, Thread.currentThread());

        approvals.taskEnded(endedTurn);

        assertThat(ask(approver, "c1/1").get(10, TimeUnit.SECONDS)).isInstanceOfSatisfying(
                InterruptedException.class, e -> assertThat(e.getMessage()).contains("ended before the person answered"));
        assertThat(shown).isEmpty();
        assertThat(approvals.answer("c1/1", Decision.APPROVE)).isFalse();
    }

    @Test
    void abortingAScriptsRequestInterruptsTheTurnThatOwnsIt() throws Exception {
        var approvals = new PendingApprovals();
        var shown = new CountDownLatch(1);
        var turnInterrupted = new CompletableFuture<Boolean>();
        // The turn, waiting on the model while its script waits on the person.
        Thread turn = Thread.ofVirtual().start(() -> {
            try {
                Thread.sleep(TimeUnit.SECONDS.toMillis(30));
                turnInterrupted.complete(false);
            } catch (InterruptedException e) {
                turnInterrupted.complete(true);
            }
        });
        var script = ask(approvals.forTurn(event -> shown.countDown(), turn), "c1/1");
        assertThat(shown.await(10, TimeUnit.SECONDS)).isTrue();

        assertThat(approvals.answer("c1/1", Decision.ABORT)).isTrue();

        assertThat(script.get(10, TimeUnit.SECONDS)).isEqualTo(Decision.ABORT);
        assertThat(turnInterrupted.get(10, TimeUnit.SECONDS)).isTrue();
    }
}
