package dev.moka.cli.tui;

import dev.moka.core.exec.ShellWords;
import dev.moka.core.policy.ApprovalRequest;
import dev.moka.core.policy.Decision;
import dev.moka.protocol.EventMsg;
import java.util.ArrayList;
import java.util.List;

/**
 * The approval prompt, as Codex users know it: the command (or the files of a patch), why it asks, and one
 * key per answer: {@code y} yes, {@code a} yes for the session, {@code p} yes for this command prefix,
 * {@code n} or Esc no, {@code r} no with a reason for the model (typed on a line of its own), Ctrl+C no and
 * stop the turn. It sits over whatever the composer was doing and takes every key while a request waits, as the
 * request holds up the turn.
 */
final class ApprovalPrompt {
    private final Engine engine;
    private final Conversation conversation;
    /** The reason being typed for a denial after {@code r}; null while the choices are shown. */
    private Composer reason;

    ApprovalPrompt(Engine engine, Conversation conversation) {
        this.engine = engine;
        this.conversation = conversation;
    }

    /** The request the prompt shows, typed; null when none waits. */
    ApprovalRequest waiting() {
        EventMsg shown = conversation.pendingApproval();
        return shown == null ? null : ApprovalRequest.of(shown).orElse(null);
    }

    /** After an event: a request that went away with its turn takes its half-typed reason with it. */
    void settle() {
        if (conversation.pendingApproval() == null) {
            reason = null;
        }
    }

    void key(Key key) {
        ApprovalRequest request = waiting();
        if (reason != null) {
            reasonKey(key, request);
        } else if (asksForReason(key)) {
            reason = new Composer();
        } else {
            Decision decision = decision(key, request);
            if (decision != null) {
                answer(request, decision);
            }
        }
    }

    /** Typing the reason: Enter denies with it, Esc goes back to the choices, Ctrl+C aborts the turn. */
    private void reasonKey(Key key, ApprovalRequest request) {
        switch (key.name()) {
            case TEXT, ALT, PASTE -> reason.insert(key.text());
            case BACKSPACE -> reason.backspace();
            case DELETE -> reason.delete();
            case LEFT -> reason.left();
            case RIGHT -> reason.right();
            case HOME -> reason.home();
            case END -> reason.end();
            case ENTER -> {
                String why = reason.text().strip();
                answer(request, new Decision.Deny(why.isEmpty() ? null : why));
            }
            case ESC -> reason = null;
            case CTRL_C -> answer(request, Decision.ABORT);
            default -> { }
        }
    }

    private void answer(ApprovalRequest request, Decision decision) {
        reason = null;
        engine.submit(request.answer(decision));
        conversation.approvalAnswered();
    }

    /** The prompt's rows below {@code rows}, with the cursor on the reason being typed, if any. */
    LiveRows render(ApprovalRequest request, List<Line> rows, int width, Theme theme) {
        rows.addAll(render(request, width, theme));
        if (reason == null) {
            return new LiveRows(rows, rows.size() - 1, 0);
        }
        Composer.Layout layout = reason.layout(width, theme, "Tell Moka why not (enter denies, esc goes back)");
        int top = rows.size();
        rows.addAll(layout.rows());
        return new LiveRows(rows, top + layout.cursorRow(), layout.cursorColumn());
    }

    /** The decision a key makes for {@code request}, or null for a key that answers nothing. */
    private static Decision decision(Key key, ApprovalRequest request) {
        return switch (key.name()) {
            case ESC -> Decision.DENY;
            case CTRL_C -> Decision.ABORT;
            case TEXT -> switch (key.text()) {
                case "y", "Y" -> Decision.APPROVE;
                case "a", "A" -> new Decision.ApproveForSession();
                case "p", "P" -> prefix(request) != null ? new Decision.ApprovePrefix() : null;
                case "n", "N" -> Decision.DENY;
                default -> null;
            };
            default -> null;
        };
    }

    /** Whether {@code key} asks to deny with a reason, which the person types next. */
    private static boolean asksForReason(Key key) {
        return key.name() == Key.Name.TEXT && (key.text().equals("r") || key.text().equals("R"));
    }

    private static List<String> prefix(ApprovalRequest request) {
        return switch (request) {
            case ApprovalRequest.Exec exec -> exec.prefix();
            case ApprovalRequest.Patch _, ApprovalRequest.McpTool _ -> null;
        };
    }

    private static List<Line> render(ApprovalRequest request, int width, Theme theme) {
        List<Line> rows = new ArrayList<>();
        String reason = request.reason();
        switch (request) {
            case ApprovalRequest.Exec exec -> {
                rows.add(Line.of("Allow Moka to run this command?", Look.PLAIN.asBold()));
                rows.addAll(Wrap.words(Line.of(Clean.text(ShellWords.shown(exec.argv())), theme.accent()), width,
                        Line.plain("  $ "), Line.plain("    ")));
            }
            case ApprovalRequest.McpTool mcp -> {
                rows.add(Line.of("Allow Moka to call this MCP tool?", Look.PLAIN.asBold()));
                rows.addAll(Wrap.words(Line.of(Clean.text(mcp.name() + " " + mcp.arguments()), theme.accent()),
                        width, Line.plain("  "), Line.plain("    ")));
            }
            case ApprovalRequest.Patch patch -> {
                rows.add(Line.of("Allow Moka to apply these changes?", Look.PLAIN.asBold()));
                patch.changes().keySet().forEach(path -> rows.add(Line.of("  " + Clean.text(path), theme.accent())
                        .truncate(width)));
            }
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
