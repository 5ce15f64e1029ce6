package dev.moka.core.session;

import dev.moka.core.policy.Approver;
import dev.moka.core.policy.Guard;
import dev.moka.core.policy.Review;
import dev.moka.core.policy.SessionGrants;
import dev.moka.core.sandbox.SandboxRules;
import java.nio.file.Path;

/**
 * Makes each task's {@link Guard}: its sandbox rules follow the task's cwd and policy, while what the person
 * approved for the session and the approvals still waiting are shared by every task of the session.
 */
final class SessionGuards {
    private final GuardSettings settings;
    private final Path mokaHome;
    private final PendingApprovals approvals = new PendingApprovals();
    private final SessionGrants grants = new SessionGrants();

    SessionGuards(GuardSettings settings, Path mokaHome) {
        this.settings = settings;
        this.mokaHome = mokaHome;
    }

    Guard forTask(TurnContext context, EventSink sink) {
        SandboxRules rules = SandboxRules.of(context.sandboxPolicy(), context.cwd(), settings.env(), mokaHome,
                settings.allowGitWrites());
        Approver approver = settings.canAsk() ? approvals.forTurn(sink) : Approver.NOBODY;
        return new Guard(context.approvalPolicy(), rules, settings.launcher(), grants, approver, sink::emit);
    }

    /** Passes the person's answer to the request {@code requestId}; false when no such request waits. */
    boolean answer(String requestId, Review review) {
        return approvals.answer(requestId, review);
    }
}
