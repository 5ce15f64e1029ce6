package dev.moka.cli.text;

/**
 * Makes text from the model or from commands safe to print on a terminal: an escape sequence in it could
 * otherwise write the clipboard (OSC 52), retitle the window (OSC 0), move the cursor over earlier lines or
 * rewrite what a person reads. Every control sequence and control character is removed; {@code \n} and
 * {@code \t} stay.
 */
public final class TerminalText {
    private static final char ESC = 0x1B;
    private static final char BEL = 0x07;
    /** C1 forms of the 7-bit introducers (ESC [, ESC ], ESC P, ESC X, ESC ^, ESC _) and of ST (ESC \). */
    private static final char C1_CSI = 0x9B;
    private static final char C1_OSC = 0x9D;
    private static final char C1_DCS = 0x90;
    private static final char C1_SOS = 0x98;
    private static final char C1_PM = 0x9E;
    private static final char C1_APC = 0x9F;
    private static final char C1_ST = 0x9C;

    private TerminalText() {}

    /** {@code text} without terminal control sequences and control characters other than newline and tab. */
    public static String sanitize(String text) {
        if (text == null) {
            return "";
        }
        if (!hasControl(text)) {
            return text;
        }
        StringBuilder clean = new StringBuilder(text.length());
        int i = 0;
        while (i < text.length()) {
            char c = text.charAt(i);
            if (!isControl(c)) {
                clean.append(c);
                i++;
            } else if (c == ESC) {
                i = skipEscape(text, i + 1);
            } else if (c == C1_CSI) {
                i = skipCsi(text, i + 1);
            } else if (c == C1_OSC || c == C1_DCS || c == C1_SOS || c == C1_PM || c == C1_APC) {
                i = skipString(text, i + 1);
            } else {
                i++;
            }
        }
        return clean.toString();
    }

    private static boolean hasControl(String text) {
        for (int i = 0; i < text.length(); i++) {
            if (isControl(text.charAt(i))) {
                return true;
            }
        }
        return false;
    }

    private static boolean isControl(char c) {
        return (c < 0x20 && c != '\n' && c != '\t') || (c >= 0x7F && c <= 0x9F);
    }

    /** Skips what follows an ESC at {@code i}; returns the index after the sequence. */
    private static int skipEscape(String text, int i) {
        if (i >= text.length()) {
            return i;
        }
        char next = text.charAt(i);
        return switch (next) {
            case '[' -> skipCsi(text, i + 1);
            case ']', 'P', 'X', '^', '_' -> skipString(text, i + 1);
            default -> skipNf(text, i);
        };
    }

    /** CSI: parameter bytes 0x30-0x3F, intermediate bytes 0x20-0x2F, one final byte 0x40-0x7E. */
    private static int skipCsi(String text, int i) {
        while (i < text.length() && text.charAt(i) >= 0x20 && text.charAt(i) <= 0x3F) {
            i++;
        }
        if (i < text.length() && text.charAt(i) >= 0x40 && text.charAt(i) <= 0x7E) {
            i++;
        }
        return i;
    }

    /**
     * OSC, DCS, SOS, PM and APC strings run to ST (ESC \ or 0x9C) or BEL; an unterminated one runs to the
     * end, since a terminal would swallow everything after its introducer too.
     */
    private static int skipString(String text, int i) {
        while (i < text.length()) {
            char c = text.charAt(i);
            if (c == BEL || c == C1_ST) {
                return i + 1;
            }
            if (c == ESC) {
                // Any other escape ends the string and starts a sequence of its own, as on a terminal.
                return i + 1 < text.length() && text.charAt(i + 1) == '\\' ? i + 2 : i;
            }
            i++;
        }
        return i;
    }

    /** Other escapes (ESC c, ESC 7, ESC ( B): intermediate bytes 0x20-0x2F, then one final byte 0x30-0x7E. */
    private static int skipNf(String text, int i) {
        while (i < text.length() && text.charAt(i) >= 0x20 && text.charAt(i) <= 0x2F) {
            i++;
        }
        if (i < text.length() && text.charAt(i) >= 0x30 && text.charAt(i) <= 0x7E) {
            i++;
        }
        return i;
    }
}
