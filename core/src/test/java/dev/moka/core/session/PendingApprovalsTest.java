package dev.moka.core.session;

import static org.assertj.core.api.Assertions.assertThat;

import dev.moka.core.policy.Approver;
import dev.moka.core.policy.Review;
import dev.moka.protocol.EventMsg;
import dev.moka.protocol.ReviewDecision;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** Approvals outliving their turn (asked by a script the turn left running) are refused when it ends. */
class PendingApprovalsTest {
    private static EventMsg.ExecApprovalRequest request(String callId) {
        return new EventMsg.ExecApprovalRequest(callId, List.of("touch", "x"), "/tmp", "because", null);
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
        var left = ask(approvals.forTurn(endedTurn), "c1/1");
        var kept = ask(approvals.forTurn(otherTurn), "c2/1");
        assertThat(shown.await(10, TimeUnit.SECONDS)).isTrue();

        approvals.taskEnded(endedTurn);

        assertThat(left.get(10, TimeUnit.SECONDS)).isInstanceOfSatisfying(InterruptedException.class,
                e -> assertThat(e.getMessage()).contains("ended before the person answered"));
        assertThat(approvals.answer("c1/1", Review.of(ReviewDecision.APPROVED))).isFalse();
        assertThat(kept).isNotDone();
        assertThat(approvals.answer("c2/1", Review.of(ReviewDecision.APPROVED))).isTrue();
        assertThat(kept.get(10, TimeUnit.SECONDS)).isEqualTo(Review.of(ReviewDecision.APPROVED));
    }
}
