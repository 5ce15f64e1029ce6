package dev.moka.cli.tui;

import dev.moka.core.exec.ShellWords;
import dev.moka.core.policy.ApprovalRequest;
import dev.moka.core.policy.Decision;
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
    static Decision decision(Key key, ApprovalRequest request) {
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
    static boolean asksForReason(Key key) {
        return key.name() == Key.Name.TEXT && (key.text().equals("r") || key.text().equals("R"));
    }

    private static List<String> prefix(ApprovalRequest request) {
        return switch (request) {
            case ApprovalRequest.Exec exec -> exec.prefix();
            case ApprovalRequest.Patch _, ApprovalRequest.McpTool _ -> null;
        };
    }

    static List<Line> render(ApprovalRequest request, int width, Theme theme) {
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
