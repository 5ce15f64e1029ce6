package dev.moka.core.policy;

import dev.moka.protocol.ReviewDecision;

/** The person's answer to an {@link ApprovalRequest}. */
public sealed interface Decision {
    /** Yes, this once. */
    record Approve() implements Decision {}

    /** Yes, and the same request again this session without asking. */
    record ApproveForSession() implements Decision {}

    /** Yes, and every command that starts with the offered prefix this session. */
    record ApprovePrefix() implements Decision {}

    /** No; {@code reason} is what the person said with it (may be null), passed to the model word for word. */
    record Deny(String reason) implements Decision {}

    /** No, and stop the turn. */
    record Abort() implements Decision {}

    Decision APPROVE = new Approve();
    Decision DENY = new Deny(null);
    Decision ABORT = new Abort();

    /** The decision an approval op carries over the wire, with the person's reason for a denial. */
    static Decision of(ReviewDecision wire, String reason) {
        return switch (wire) {
            case APPROVED -> APPROVE;
            case APPROVED_FOR_SESSION -> new ApproveForSession();
            case APPROVED_PREFIX -> new ApprovePrefix();
            case DENIED -> new Deny(reason);
            case ABORT -> ABORT;
        };
    }

    /** This decision as the wire's enum. */
    default ReviewDecision wire() {
        return switch (this) {
            case Approve _ -> ReviewDecision.APPROVED;
            case ApproveForSession _ -> ReviewDecision.APPROVED_FOR_SESSION;
            case ApprovePrefix _ -> ReviewDecision.APPROVED_PREFIX;
            case Deny _ -> ReviewDecision.DENIED;
            case Abort _ -> ReviewDecision.ABORT;
        };
    }

    /** What the person said with a denial; null for every other decision. */
    default String reason() {
        return this instanceof Deny(String said) ? said : null;
    }
}
