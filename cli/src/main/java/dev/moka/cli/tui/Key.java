package dev.moka.cli.tui;

/**
 * One key press as the UI understands it; {@code text} carries typed or pasted text. {@code FOCUS_IN} and
 * {@code FOCUS_OUT} are no keys a person presses: the terminal reports its window gained or lost focus (mode
 * 1004), and they never reach the composer (see {@link Signal#of}). {@code ALT} is Alt held with the key in
 * {@code text}.
 */
record Key(Name name, String text) {
    enum Name {
        TEXT, PASTE, ENTER, NEWLINE, BACKSPACE, DELETE, LEFT, RIGHT, UP, DOWN, HOME, END, ESC, TAB, CTRL_C, CTRL_D,
        CTRL_U, CTRL_O, CTRL_R, CTRL_G, EOF, FOCUS_IN, FOCUS_OUT, ALT
    }

    static Key of(Name name) {
        return new Key(name, "");
    }

    static Key text(String text) {
        return new Key(Name.TEXT, text);
    }
}
