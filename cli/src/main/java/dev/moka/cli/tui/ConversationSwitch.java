package dev.moka.cli.tui;

import dev.moka.core.session.ResumeTarget;
import dev.moka.protocol.AskForApproval;
import dev.moka.protocol.InputItem;
import dev.moka.protocol.Op;
import dev.moka.protocol.ReasoningEffort;
import dev.moka.protocol.SandboxPolicy;
import java.util.List;

/**
 * What {@code /new}, {@code /resume}, {@code /fork} and {@code /review} ask of the conversation on screen: the
 * session to open next, and what carries over into it once it is open (the model {@code /model} chose, the review
 * to start).
 */
final class ConversationSwitch {
    private final Engine engine;
    private final Conversation conversation;
    /** The conversation asked for, not yet opened; null when none. */
    private ResumeTarget asked;
    /** The review {@code /review} starts once its conversation is open; null when none. */
    private ReviewPicker.Request review;
    /** The model {@code /model} chose, kept for every session opened later; null: none. */
    private String chosenModel;
    private ReasoningEffort chosenEffort;

    ConversationSwitch(Engine engine, Conversation conversation) {
        this.engine = engine;
        this.conversation = conversation;
    }

    void to(ResumeTarget target) {
        asked = target;
    }

    void reviewInNewConversation(ReviewPicker.Request request) {
        review = request;
        asked = new ResumeTarget.Fresh();
    }

    void modelChosen(String slug, ReasoningEffort effort) {
        chosenModel = slug;
        chosenEffort = effort;
    }

    /** The conversation asked for since the last call, or null. */
    ResumeTarget take() {
        ResumeTarget target = asked;
        asked = null;
        return target;
    }

    /** The session {@code target} names is open in place of the one {@code previous} named (empty: none). */
    void switched(String previous, ResumeTarget target) {
        if (chosenModel != null) {
            engine.submit(new Op.OverrideTurnContext(null, null, null, chosenModel, chosenEffort, null));
        }
        String back = previous.isEmpty() ? "" : "; to go back to the previous one: moka resume " + previous;
        String what = switch (target) {
            case ResumeTarget.ById byId -> "Resumed session " + byId.id();
            case ResumeTarget.Fork _ -> "Forked session " + previous + ": this copy goes on, the original stays as it"
                    + " was";
            case ResumeTarget.Fresh _ when review != null -> "Reviewing " + review.label() + " in a read-only"
                    + " conversation of its own";
            case ResumeTarget.Fresh _ -> "Started a new conversation";
            case ResumeTarget.Latest _ -> "Resumed the latest session";
            case ResumeTarget.Unrecorded _ -> "Started a new conversation that is not recorded";
        };
        conversation.notice(what + back, Cell.Notice.Kind.INFO);
        if (review != null) {
            startReview(review);
            review = null;
        }
    }

    /**
     * A review reads and never writes: its conversation runs read-only with no approvals (a write is refused,
     * not asked about), for this turn and every later one.
     */
    private void startReview(ReviewPicker.Request request) {
        engine.submit(new Op.OverrideTurnContext(null, AskForApproval.NEVER, SandboxPolicy.readOnly(), null, null,
                null));
        conversation.info(conversation.info().withApproval(AskForApproval.NEVER.wire(),
                SandboxPolicy.readOnly().mode().wire()));
        conversation.sent(new Cell.Prompt("/review " + request.label()));
        conversation.startTurn();
        engine.submit(new Op.UserInput(List.of(new InputItem.Text(request.prompt()))));
    }

    void failed(ResumeTarget target, String why) {
        review = null;
        conversation.notice((switch (target) {
            case ResumeTarget.ById byId -> "Could not resume session " + byId.id();
            case ResumeTarget.Fork _ -> "Could not fork this session";
            case ResumeTarget.Fresh _, ResumeTarget.Unrecorded _, ResumeTarget.Latest _ ->
                    "Could not start a new conversation";
        }) + ": " + why, Cell.Notice.Kind.ERROR);
    }

    /** A session opened with the configured model: the override sent as it opened wins, on the status line too. */
    void configured() {
        if (chosenModel != null) {
            conversation.info(conversation.info().withModel(chosenModel, chosenEffort == null ? null
                    : chosenEffort.wire()));
        }
    }
}
