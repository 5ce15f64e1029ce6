package dev.moka.core.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.moka.core.config.TuiSettings.FileOpener;
import dev.moka.core.config.TuiSettings.Notification;
import dev.moka.core.config.TuiSettings.Theme;
import dev.moka.protocol.AskForApproval;
import org.junit.jupiter.api.Test;

class TuiSettingsTest extends ConfigFixture {
    @Test
    void codexDisplayKeysAreReadWithoutWarnings() throws Exception {
        t.write("""
                hide_agent_reasoning = true
                show_raw_agent_reasoning = true
                file_opener = "cursor"

                [tui]
                notifications = ["approval-requested"]
                theme = "light"
                """);

        Config config = t.load();

        assertThat(config.warnings()).isEmpty();
        assertThat(config.tui()).isEqualTo(new TuiSettings(true, true, FileOpener.CURSOR,
                java.util.Set.of(Notification.APPROVAL_REQUESTED), Theme.LIGHT));
    }

    @Test
    void withoutKeysReasoningShowsAndFilesOpenInVsCodeAsInCodex() throws Exception {
        assertThat(t.load().tui()).isEqualTo(TuiSettings.DEFAULTS);
        assertThat(TuiSettings.DEFAULTS.fileOpener()).isEqualTo(FileOpener.VSCODE);
        assertThat(t.load("tui.notifications=true").tui().notifications())
                .containsExactlyInAnyOrder(Notification.values());
        assertThat(t.load("tui.notifications=false").tui().notifications()).isEmpty();
    }

    @Test
    void badValuesNameTheKeyAndTheChoices() throws Exception {
        t.write("file_opener = \"emacs\"\n");
        assertThatThrownBy(t::load).hasMessage(t.configFile() + ":1: file_opener: unknown value \"emacs\"; expected"
                + " one of \"vscode\", \"vscode-insiders\", \"windsurf\", \"cursor\", \"none\"");
        t.write("[tui]\nnotifications = [\"turn-done\"]\n");
        assertThatThrownBy(t::load).hasMessage(t.configFile() + ":2: tui.notifications: unknown notification"
                + " \"turn-done\"; expected \"agent-turn-complete\", \"approval-requested\"");
        t.write("[tui]\nnotifications = 3\n");
        assertThatThrownBy(t::load).hasMessageContaining("tui.notifications: expected true, false or an array of");
        t.write("[tui]\ntheme = \"blue\"\n");
        assertThatThrownBy(t::load).hasMessageContaining("tui.theme: unknown value \"blue\"; expected one of"
                + " \"dark\", \"light\"");
    }

    @Test
    void aPolicyGivenAnywhereCountsAsChosen() throws Exception {
        assertThat(t.load().sandbox().policyChosen()).isFalse();
        assertThat(t.load("approval_policy=never").sandbox().policyChosen()).isTrue();
        assertThat(t.load(new ConfigOverrides(null, null, null, null, AskForApproval.ON_REQUEST, null)).sandbox()
                .policyChosen()).isTrue();
        t.write("sandbox_mode = \"read-only\"\n");
        assertThat(t.load().sandbox().policyChosen()).isTrue();
    }
}
