package dev.moka.cli.tui;

import dev.moka.core.config.TuiSettings.Notification;
import dev.moka.core.exec.ShellWords;
import dev.moka.protocol.EventMsg;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * {@code [tui] notifications}: a line for the terminal to notify with (OSC 9, as Codex sends) when a turn
 * ends or an approval waits, so a person who went to another window hears of it. Only the kinds configured
 * are kept, and, as Codex does, only while the terminal is not focused: a person looking at the conversation
 * needs no desktop notification of it. Focus is known only from the terminal's reports (mode 1004), so until a
 * first focus-in arrives the terminal counts as unfocused, and one that never reports focus notifies always.
 * The text is made inert and kept to one short line.
 */
final class Notifier {
    private static final int MAX_CHARS = 120;

    private final Set<Notification> wanted;
    private final List<String> pending = new ArrayList<>();
    private boolean focused;

    Notifier(Set<Notification> wanted) {
        this.wanted = Set.copyOf(wanted);
    }

    void onEvent(EventMsg event) {
        switch (event) {
            case EventMsg.TaskComplete c -> add(Notification.AGENT_TURN_COMPLETE, c.lastAgentMessage() == null
                    || c.lastAgentMessage().isBlank() ? "Moka finished its turn" : "Moka: " + c.lastAgentMessage());
            case EventMsg.ExecApprovalRequest r -> add(Notification.APPROVAL_REQUESTED,
                    "Moka asks to run " + ShellWords.shown(r.command()));
            case EventMsg.ApplyPatchApprovalRequest r -> add(Notification.APPROVAL_REQUESTED, "Moka asks to edit "
                    + (r.changes().size() == 1 ? r.changes().keySet().iterator().next() : r.changes().size() + " files"));
            default -> { }
        }
    }

    /** The terminal reported that its window gained ({@code true}) or lost focus. */
    void focus(boolean focused) {
        this.focused = focused;
    }

    /** The notifications since the last call, oldest first. */
    List<String> take() {
        List<String> taken = List.copyOf(pending);
        pending.clear();
        return taken;
    }

    private void add(Notification kind, String text) {
        if (focused || !wanted.contains(kind)) {
            return;
        }
        String line = Clean.text(text).strip().replaceAll("\\s+", " ");
        pending.add(line.length() <= MAX_CHARS ? line : line.substring(0, MAX_CHARS - 1) + "…");
    }
}
