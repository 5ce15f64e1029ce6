package dev.moka.cli.tui;

import dev.moka.core.exec.ShellWords;
import dev.moka.protocol.EventMsg;
import dev.moka.protocol.Op;
import dev.moka.protocol.ReviewDecision;
import java.util.ArrayList;
import java.util.List;

/**
 * The approval prompt, as Codex users know it: the command (or the files of a patch), why it asks, and one
 * key per answer: {@code y} yes, {@code a} yes for the session, {@code p} yes for this command prefix,
 * {@code n} or Esc no, {@code r} no with a reason for the model (typed on a line of its own), Ctrl+C no and
 * stop the turn.
 */
final class Approvals {
    private Approvals() {}

    /** The decision a key makes for {@code request}, or null for a key that answers nothing. */
    static ReviewDecision decision(Key key, EventMsg request) {
        return switch (key.name()) {
            case ESC -> ReviewDecision.DENIED;
            case CTRL_C -> ReviewDecision.ABORT;
            case TEXT -> switch (key.text()) {
                case "y", "Y" -> ReviewDecision.APPROVED;
                case "a", "A" -> ReviewDecision.APPROVED_FOR_SESSION;
                case "p", "P" -> prefix(request) != null ? ReviewDecision.APPROVED_PREFIX : null;
                case "n", "N" -> ReviewDecision.DENIED;
                default -> null;
            };
            default -> null;
        };
    }

    /** Whether {@code key} asks to deny with a reason, which the person types next. */
    static boolean asksForReason(Key key) {
        return key.name() == Key.Name.TEXT && (key.text().equals("r") || key.text().equals("R"));
    }

    /** The op that carries {@code decision} back for {@code request}, with the person's reason (may be null). */
    static Op answer(EventMsg request, ReviewDecision decision, String reason) {
        if (request instanceof EventMsg.ApplyPatchApprovalRequest patch) {
            return new Op.PatchApproval(patch.callId(), decision, reason);
        }
        return new Op.ExecApproval(((EventMsg.ExecApprovalRequest) request).callId(), decision, reason);
    }

    private static List<String> prefix(EventMsg request) {
        return request instanceof EventMsg.ExecApprovalRequest exec ? exec.proposedPrefix() : null;
    }

    static List<Line> render(EventMsg request, int width, Theme theme) {
        List<Line> rows = new ArrayList<>();
        String reason;
        if (request instanceof EventMsg.ExecApprovalRequest exec) {
            rows.add(Line.of("Allow Moka to run this command?", Look.PLAIN.asBold()));
            rows.addAll(Wrap.words(Line.of(Clean.text(ShellWords.shown(exec.command())), theme.accent()), width,
                    Line.plain("  $ "), Line.plain("    ")));
            reason = exec.reason();
        } else {
            var patch = (EventMsg.ApplyPatchApprovalRequest) request;
            rows.add(Line.of("Allow Moka to apply these changes?", Look.PLAIN.asBold()));
            patch.changes().keySet().forEach(path -> rows.add(Line.of("  " + Clean.text(path), theme.accent())
                    .truncate(width)));
            reason = patch.reason();
        }
        if (reason != null && !reason.isBlank()) {
            rows.addAll(Texts.wrapped(Clean.text(reason), width, theme.muted(), Line.plain("  why: "),
                    Line.plain("       ")));
        }
        List<String> prefix = prefix(request);
        String keys = "y yes · a yes, for this session"
                + (prefix == null ? "" : " · p yes, for commands starting " + Clean.text(String.join(" ", prefix)))
                + " · n or esc no · r no, saying why · ctrl+c stop";
        rows.addAll(Wrap.words(Line.of(keys, theme.muted()), width, Line.EMPTY, Line.EMPTY));
        return rows;
    }
}
