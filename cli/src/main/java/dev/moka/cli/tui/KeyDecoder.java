package dev.moka.cli.tui;

import java.io.IOException;

/**
 * Turns the bytes a terminal sends into {@link Key}s: escape sequences for arrows and editing keys, the
 * several spellings of Shift+Enter (CSI u, xterm's modifyOtherKeys, Alt+Enter), bracketed paste, kept
 * whole so a pasted block becomes one message rather than one per line, and focus reports (CSI I, CSI O).
 */
final class KeyDecoder {
    /** Reads one character, waiting at most {@code timeoutMs} (0: forever); -2 on timeout, -1 at the end. */
    interface Source {
        int read(long timeoutMs) throws IOException;
    }

    static final int TIMEOUT = -2;
    /** How long a lone Esc waits for the rest of a sequence; longer than any terminal takes between bytes. */
    private static final long SEQUENCE_WAIT_MS = 30;
    private static final String PASTE_END = "\u001b[201~";

    private final Source source;

    KeyDecoder(Source source) {
        this.source = source;
    }

    Key next() throws IOException {
        int c = source.read(0);
        return switch (c) {
            case -1 -> Key.of(Key.Name.EOF);
            case 0x1b -> escape();
            case '\r' -> Key.of(Key.Name.ENTER);
            case '\n' -> Key.of(Key.Name.NEWLINE);
            case 0x7f, 0x08 -> Key.of(Key.Name.BACKSPACE);
            case 0x03 -> Key.of(Key.Name.CTRL_C);
            case 0x04 -> Key.of(Key.Name.CTRL_D);
            case '\t' -> Key.of(Key.Name.TAB);
            case 0x01 -> Key.of(Key.Name.HOME);
            case 0x05 -> Key.of(Key.Name.END);
            case 0x15 -> Key.of(Key.Name.CTRL_U);
            case 0x0f -> Key.of(Key.Name.CTRL_O);
            case 0x12 -> Key.of(Key.Name.CTRL_R);
            default -> c < 0x20 ? next() : Key.text(codePoint(c));
        };
    }

    private String codePoint(int c) throws IOException {
        if (Character.isHighSurrogate((char) c)) {
            int low = source.read(SEQUENCE_WAIT_MS);
            if (low >= 0) {
                return new String(new char[] {(char) c, (char) low});
            }
        }
        return String.valueOf((char) c);
    }

    private Key escape() throws IOException {
        int c = source.read(SEQUENCE_WAIT_MS);
        return switch (c) {
            case TIMEOUT, -1 -> Key.of(Key.Name.ESC);
            case '[' -> csi();
            case 'O' -> ss3();
            case '\r', '\n' -> Key.of(Key.Name.NEWLINE);
            case 0x1b -> Key.of(Key.Name.ESC);
            default -> Key.text(String.valueOf((char) c));
        };
    }

    private Key ss3() throws IOException {
        int c = source.read(SEQUENCE_WAIT_MS);
        return arrow(c);
    }

    private Key csi() throws IOException {
        StringBuilder params = new StringBuilder();
        int c;
        while ((c = source.read(SEQUENCE_WAIT_MS)) >= 0 && (c < 0x40 || c > 0x7e)) {
            params.append((char) c);
        }
        String p = params.toString();
        if (c == '~') {
            return switch (p) {
                case "1", "7" -> Key.of(Key.Name.HOME);
                case "4", "8" -> Key.of(Key.Name.END);
                case "3" -> Key.of(Key.Name.DELETE);
                case "200" -> paste();
                case "27;2;13" -> Key.of(Key.Name.NEWLINE);
                default -> next();
            };
        }
        if (c == 'u') {
            return p.equals("13;2") ? Key.of(Key.Name.NEWLINE) : next();
        }
        // Only after CSI: arrow() also reads SS3's keys, and ESC O I is a keypad key there, no focus report.
        if (p.isEmpty() && (c == 'I' || c == 'O')) {
            return Key.of(c == 'I' ? Key.Name.FOCUS_IN : Key.Name.FOCUS_OUT);
        }
        return arrow(c);
    }

    private Key arrow(int c) throws IOException {
        return switch (c) {
            case 'A' -> Key.of(Key.Name.UP);
            case 'B' -> Key.of(Key.Name.DOWN);
            case 'C' -> Key.of(Key.Name.RIGHT);
            case 'D' -> Key.of(Key.Name.LEFT);
            case 'H' -> Key.of(Key.Name.HOME);
            case 'F' -> Key.of(Key.Name.END);
            default -> next();
        };
    }

    private Key paste() throws IOException {
        StringBuilder text = new StringBuilder();
        int c;
        while ((c = source.read(0)) >= 0) {
            text.append((char) c);
            if (c == '~' && text.length() >= PASTE_END.length()
                    && text.substring(text.length() - PASTE_END.length()).equals(PASTE_END)) {
                text.setLength(text.length() - PASTE_END.length());
                break;
            }
        }
        return new Key(Key.Name.PASTE, text.toString().replace("\r\n", "\n").replace('\r', '\n'));
    }
}
