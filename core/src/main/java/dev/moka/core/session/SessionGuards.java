package dev.moka.core.session;

import dev.moka.core.log.MokaLog;
import dev.moka.core.hooks.TurnHooks;
import dev.moka.core.policy.Approver;
import dev.moka.core.policy.Guard;
import dev.moka.core.policy.Decision;
import dev.moka.core.policy.SessionGrants;
import dev.moka.core.sandbox.Confinement;
import dev.moka.core.sandbox.SandboxRules;
import dev.moka.core.sandbox.SandboxUnavailableException;
import java.nio.file.Path;
import java.util.Optional;

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

    /** Called on the task's own thread, which an approval answered "no, and stop" interrupts. */
    Guard forTask(TurnContext context, EventSink sink, TurnHooks hooks) {
        SandboxRules rules = SandboxRules.of(context.sandboxPolicy(), context.cwd(), settings.env(), mokaHome,
                settings.allowGitWrites());
        Approver person = settings.canAsk() ? approvals.forTurn(sink, Thread.currentThread()) : Approver.NOBODY;
        Approver approver = HookedApprover.around(person, hooks, sink);
        return new Guard(context.approvalPolicy(), rules, settings.launcher(), grants, approver, sink::emit);
    }

    /** How {@code guard}'s sandbox confines a process; empty (logged) where it cannot start. */
    Optional<Confinement> confinement(Guard guard, MokaLog log) {
        try {
            return Optional.of(settings.launcher().confine(guard.rules()));
        } catch (SandboxUnavailableException e) {
            log.warn("notify: not run, the sandbox cannot start: " + e.getMessage());
            return Optional.empty();
        }
    }

    /** The task that made its guard with {@code sink} ended: the approvals it still waits on are refused. */
    void taskEnded(EventSink sink) {
        approvals.taskEnded(sink);
    }

    /** Passes the person's answer to the request {@code requestId}; false when no such request waits. */
    boolean answer(String requestId, Decision decision) {
        return approvals.answer(requestId, decision);
    }
}
