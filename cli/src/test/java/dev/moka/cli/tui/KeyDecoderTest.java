package dev.moka.cli.tui;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class KeyDecoderTest {
    /** The keys {@code input} decodes to, up to its end. */
    private static List<Key> keys(String input) throws IOException {
        int[] at = {0};
        var decoder = new KeyDecoder(timeout -> at[0] < input.length() ? input.charAt(at[0]++)
                : timeout > 0 ? KeyDecoder.TIMEOUT : -1);
        List<Key> keys = new ArrayList<>();
        for (Key key = decoder.next(); key.name() != Key.Name.EOF; key = decoder.next()) {
            keys.add(key);
        }
        return keys;
    }

    @Test
    void focusReportsAreFocusKeysAndTheTextAroundThemStaysText() throws IOException {
        assertThat(keys("a\u001b[Ob\u001b[Ic")).containsExactly(Key.text("a"), Key.of(Key.Name.FOCUS_OUT),
                Key.text("b"), Key.of(Key.Name.FOCUS_IN), Key.text("c"));
    }

    @Test
    void focusReportsNeverBecomeSignalsThatTypeIntoTheComposer() throws IOException {
        assertThat(keys("\u001b[O\u001b[I").stream().map(Signal::of))
                .containsExactly(new Signal.Focus(false), new Signal.Focus(true));
        assertThat(Signal.of(Key.text("I"))).isEqualTo(new Signal.Pressed(Key.text("I")));
    }

    @Test
    void onlyAPlainCsiIOrOIsAFocusReport() throws IOException {
        // SS3 shares the arrows' letters; ESC O I is no focus report, and a CSI with parameters is another key.
        assertThat(keys("\u001bOA\u001bOI\u001b[1;5I\u001b[A")).containsExactly(Key.of(Key.Name.UP),
                Key.of(Key.Name.UP));
    }
}
