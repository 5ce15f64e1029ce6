package dev.moka.cli.tui;

import static org.assertj.core.api.Assertions.assertThat;

import dev.moka.core.config.TuiSettings.Notification;
import dev.moka.protocol.EventMsg;
import java.util.EnumSet;
import java.util.List;
import org.junit.jupiter.api.Test;

class NotifierTest {
    private final Notifier notifier = new Notifier(EnumSet.allOf(Notification.class));

    private static EventMsg done(String answer) {
        return new EventMsg.TaskComplete(answer);
    }

    @Test
    void aTerminalThatNeverReportsFocusIsNotifiedOfEveryTurnAndApproval() {
        notifier.onEvent(done("first"));
        notifier.onEvent(new EventMsg.ExecApprovalRequest("c1", List.of("touch", "x"), "/tmp", null, null));
        assertThat(notifier.take()).containsExactly("Moka: first", "Moka asks to run touch x");
        assertThat(notifier.take()).isEmpty();
    }

    @Test
    void onlyWhileTheTerminalIsNotFocusedAfterItFirstReportedFocus() {
        notifier.focus(true);
        notifier.onEvent(done("seen on screen"));
        assertThat(notifier.take()).isEmpty();
        notifier.focus(false);
        notifier.onEvent(done("while away"));
        assertThat(notifier.take()).containsExactly("Moka: while away");
        notifier.focus(true);
        notifier.onEvent(done("back again"));
        assertThat(notifier.take()).isEmpty();
    }

    @Test
    void aFocusOutAloneChangesNothing() {
        notifier.focus(false);
        notifier.onEvent(done(null));
        assertThat(notifier.take()).containsExactly("Moka finished its turn");
    }

    @Test
    void kindsNotConfiguredAreNeverSent() {
        var turnsOnly = new Notifier(EnumSet.of(Notification.AGENT_TURN_COMPLETE));
        turnsOnly.onEvent(new EventMsg.ExecApprovalRequest("c1", List.of("ls"), "/tmp", null, null));
        turnsOnly.onEvent(done("ok"));
        assertThat(turnsOnly.take()).containsExactly("Moka: ok");
    }
}
