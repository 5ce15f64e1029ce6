package dev.moka.cli.tui;

import java.io.IOException;

/**
 * Turns the bytes a terminal sends into {@link Key}s: escape sequences for arrows and editing keys, the
 * several spellings of Shift+Enter (CSI u, xterm's modifyOtherKeys, Alt+Enter), bracketed paste, kept
 * whole so a pasted block becomes one message rather than one per line, and focus reports (CSI I, CSI O).
 *
 * <p>Esc is told from Alt by where the terminal's reads end, as Codex does, never by a wait: a terminal
 * writes Alt+a (ESC a) or an arrow (ESC [ A) in one write, which one read takes whole, while the Esc key is
 * written alone, and what is typed after it comes in a later read even when it follows at once (tmux writes
 * the Esc byte by itself). So an ESC that ends a read is the Esc key, and ESC with a character after it in
 * the same read is Alt with that character or the start of a sequence. A sequence cut after its opening
 * (ESC [ or ESC O at the end of a read) is read on into the next read: only a lone ESC is ambiguous.
 */
final class KeyDecoder {
    /** The terminal's input, char by char, with where its reads end. */
    interface Source {
        /** The next char, waiting for the next read when this one is used up; -1 at the end of input. */
        int next() throws IOException;

        /** Whether every char of the last read has been taken, so the next one comes from a later read. */
        boolean readEnded();
    }

    private static final String PASTE_END = "\u001b[201~";

    private final Source source;
    /** A char taken to look at it that is a key of its own: the second of two ESCs. */
    private int pending = -1;

    KeyDecoder(Source source) {
        this.source = source;
    }

    Key next() throws IOException {
        int c = take();
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
            case 0x07 -> Key.of(Key.Name.CTRL_G);
            default -> c < 0x20 ? next() : Key.text(codePoint(c));
        };
    }

    private int take() throws IOException {
        if (pending >= 0) {
            int c = pending;
            pending = -1;
            return c;
        }
        return source.next();
    }

    /** The char {@code c} and, when it is the first half of a surrogate pair, the second half too. */
    private String codePoint(int c) throws IOException {
        // A read holds whole characters (the source decodes them), so the low half is already there.
        if (Character.isHighSurrogate((char) c) && !source.readEnded()) {
            int low = take();
            if (Character.isLowSurrogate((char) low)) {
                return new String(new char[] {(char) c, (char) low});
            }
            pending = low;
        }
        return String.valueOf((char) c);
    }

    private Key escape() throws IOException {
        if (source.readEnded()) {
            return Key.of(Key.Name.ESC);
        }
        int c = take();
        return switch (c) {
            case -1 -> Key.of(Key.Name.ESC);
            case '[' -> csi();
            case 'O' -> arrow(take());
            case '\r', '\n' -> Key.of(Key.Name.NEWLINE);
            // Two Esc presses in one read are two Escapes (Esc Esc opens the earlier messages), no Alt+Esc.
            case 0x1b -> {
                pending = c;
                yield Key.of(Key.Name.ESC);
            }
            // Alt with a control key (Alt+Backspace, Alt+Tab) is that key: nothing here tells them apart.
            default -> c < 0x20 || c == 0x7f ? again(c) : new Key(Key.Name.ALT, codePoint(c));
        };
    }

    /** The key that starts with {@code c}, a char already taken. */
    private Key again(int c) throws IOException {
        pending = c;
        return next();
    }

    private Key csi() throws IOException {
        StringBuilder params = new StringBuilder();
        int c;
        while ((c = take()) >= 0 && (c < 0x40 || c > 0x7e)) {
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
        while ((c = take()) >= 0) {
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
