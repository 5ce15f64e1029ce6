package dev.moka.cli.text;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class TerminalTextTest {
    @Test
    void plainTextNewlinesTabsAndUnicodeStay() {
        String text = "line one\n\tindented — café 😀\n";
        assertThat(TerminalText.sanitize(text)).isSameAs(text);
    }

    @Test
    void osc52ClipboardWriteIsRemovedWhetherEndedByBelOrSt() {
        assertThat(TerminalText.sanitize("a\u001b]52;c;cm0gLXJmIH4=\u0007b")).isEqualTo("ab");
        assertThat(TerminalText.sanitize("a\u001b]52;c;cm0gLXJmIH4=\u001b\\b")).isEqualTo("ab");
        assertThat(TerminalText.sanitize("a\u009d52;c;eA==\u009cb")).isEqualTo("ab");
    }

    @Test
    void windowTitleAndUnterminatedStringsAreRemovedToTheEnd() {
        assertThat(TerminalText.sanitize("x\u001b]0;pwned\u0007y")).isEqualTo("xy");
        assertThat(TerminalText.sanitize("x\u001b]0;never ends")).isEqualTo("x");
    }

    @Test
    void csiSequencesAreRemovedWithTheirParameters() {
        assertThat(TerminalText.sanitize("\u001b[31mred\u001b[0m \u001b[2J\u001b[1;1H\u001b[?25lok"))
                .isEqualTo("red ok");
        assertThat(TerminalText.sanitize("a\u009b2Jb")).isEqualTo("ab");
    }

    @Test
    void dcsApcPmAndSosStringsAreRemoved() {
        assertThat(TerminalText.sanitize("1\u001bPq#0;2;0;0;0\u001b\\2\u001b_apc\u001b\\3\u001b^pm\u001b\\4"
                + "\u001bXsos\u001b\\5")).isEqualTo("12345");
    }

    @Test
    void anEscapeInsideAStringEndsItAndIsRemovedToo() {
        assertThat(TerminalText.sanitize("a\u001b]0;title\u001b[31mb")).isEqualTo("ab");
    }

    @Test
    void otherEscapesLoneEscC0AndC1ControlsAreRemoved() {
        assertThat(TerminalText.sanitize("a\u001bcb\u001b(Bc\u001b7d")).isEqualTo("abcd");
        assertThat(TerminalText.sanitize("end\u001b")).isEqualTo("end");
        assertThat(TerminalText.sanitize("rm -rf /\rls\b\u0000\u007f\u0085x")).isEqualTo("rm -rf /lsx");
    }

    @Test
    void nullIsEmpty() {
        assertThat(TerminalText.sanitize(null)).isEmpty();
    }
}
