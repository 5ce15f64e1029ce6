package dev.moka.cli.tui;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class KeyDecoderTest {
    /** The keys {@code input} decodes to, read in one read. */
    private static List<Key> keys(String input) throws IOException {
        return keysOfReads(input);
    }

    /** The keys of {@code reads}, each one read of the terminal, as {@link KeyInput} takes them. */
    private static List<Key> keysOfReads(String... reads) throws IOException {
        var decoder = new KeyDecoder(KeyInput.of(new Reads(List.of(reads))));
        List<Key> keys = new ArrayList<>();
        for (Key key = decoder.next(); key.name() != Key.Name.EOF; key = decoder.next()) {
            keys.add(key);
        }
        return keys;
    }

    /** A terminal whose every read hands over the next of {@code reads}, in UTF-8, byte arrays cut as given. */
    private static final class Reads extends InputStream {
        private final List<byte[]> reads = new ArrayList<>();
        private int next;

        Reads(List<String> reads) {
            reads.forEach(r -> this.reads.add(r.getBytes(StandardCharsets.UTF_8)));
        }

        static Reads ofBytes(List<byte[]> reads) {
            Reads in = new Reads(List.of());
            in.reads.addAll(reads);
            return in;
        }

        @Override
        public int read() {
            throw new UnsupportedOperationException("a terminal is read a read at a time");
        }

        @Override
        public int read(byte[] b, int off, int len) {
            if (next == reads.size()) {
                return -1;
            }
            byte[] read = reads.get(next++);
            assertThat(read.length).isLessThanOrEqualTo(len);
            System.arraycopy(read, 0, b, off, read.length);
            return read.length;
        }
    }

    @Test
    void anEscAloneInAReadIsEscapeAndTheLettersOfTheNextReadAreText() throws IOException {
        assertThat(keysOfReads("\u001b", "abc")).containsExactly(Key.of(Key.Name.ESC), Key.text("a"), Key.text("b"),
                Key.text("c"));
    }

    @Test
    void anEscAndALetterInOneReadAreAltWithTheLetter() throws IOException {
        assertThat(keysOfReads("\u001ba", "b")).containsExactly(new Key(Key.Name.ALT, "a"), Key.text("b"));
    }

    @Test
    void sequencesInOneReadStillDecode() throws IOException {
        assertThat(keysOfReads("\u001b[A", "\u001bOB", "\u001b[3~", "x\u001b[200~one\rtwo\u001b[201~"))
                .containsExactly(Key.of(Key.Name.UP), Key.of(Key.Name.DOWN), Key.of(Key.Name.DELETE), Key.text("x"),
                        new Key(Key.Name.PASTE, "one\ntwo"));
    }

    @Test
    void aPasteGoesOnAcrossReadsUntilItsEnd() throws IOException {
        assertThat(keysOfReads("\u001b[200~first\u001b", " half", "\u001b[20", "1~z")).containsExactly(
                new Key(Key.Name.PASTE, "first\u001b half"), Key.text("z"));
    }

    @Test
    void anEscEndingAReadIsEscapeEvenWhenASequenceSeemsToFollow() throws IOException {
        // Chosen with Codex: a read that ends in Esc is the Esc key; the rest comes as keys of its own.
        assertThat(keysOfReads("\u001b", "[A")).containsExactly(Key.of(Key.Name.ESC), Key.text("["), Key.text("A"));
    }

    @Test
    void aSequenceSplitAfterItsOpeningIsReadToItsEnd() throws IOException {
        assertThat(keysOfReads("\u001b[", "A", "\u001bO", "C")).containsExactly(Key.of(Key.Name.UP),
                Key.of(Key.Name.RIGHT));
    }

    @Test
    void twoEscsInOneReadAreTwoEscapes() throws IOException {
        assertThat(keysOfReads("\u001b\u001b")).containsExactly(Key.of(Key.Name.ESC), Key.of(Key.Name.ESC));
    }

    @Test
    void aCharacterCutBetweenTwoReadsIsOneCharacter() throws IOException {
        byte[] e = "é😀".getBytes(StandardCharsets.UTF_8);
        var decoder = new KeyDecoder(KeyInput.of(Reads.ofBytes(List.of(new byte[] {e[0]},
                new byte[] {e[1], e[2], e[3]}, new byte[] {e[4], e[5], 0x1b}))));
        assertThat(List.of(decoder.next(), decoder.next(), decoder.next(), decoder.next())).containsExactly(
                Key.text("é"), Key.text("😀"), Key.of(Key.Name.ESC), Key.of(Key.Name.EOF));
    }

    @Test
    void altWithAControlKeyIsThatKey() throws IOException {
        assertThat(keys("\u001b\u007f\u001b\t")).containsExactly(Key.of(Key.Name.BACKSPACE), Key.of(Key.Name.TAB));
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
