package dev.moka.cli.tui;

/** One key press as the UI understands it; {@code text} carries typed or pasted text. */
record Key(Name name, String text) {
    enum Name {
        TEXT, PASTE, ENTER, NEWLINE, BACKSPACE, DELETE, LEFT, RIGHT, UP, DOWN, HOME, END, ESC, TAB, CTRL_C, CTRL_D,
        CTRL_U, CTRL_O, CTRL_R, EOF
    }

    static Key of(Name name) {
        return new Key(name, "");
    }

    static Key text(String text) {
        return new Key(Name.TEXT, text);
    }
}
