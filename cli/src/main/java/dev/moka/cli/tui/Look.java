package dev.moka.cli.tui;

/**
 * How a run of text looks: a foreground colour (an SGR colour number, 0 for the terminal's own) and the
 * attributes. Values compose, so emphasis inside a heading stays a heading's colour.
 */
record Look(int fg, boolean bold, boolean italic, boolean dim, boolean underline, boolean strike) {
    static final Look PLAIN = new Look(0, false, false, false, false, false);

    static Look fg(int colour) {
        return new Look(colour, false, false, false, false, false);
    }

    Look asBold() {
        return new Look(fg, true, italic, dim, underline, strike);
    }

    Look asItalic() {
        return new Look(fg, bold, true, dim, underline, strike);
    }

    Look asDim() {
        return new Look(fg, bold, italic, true, underline, strike);
    }

    Look asUnderline() {
        return new Look(fg, bold, italic, dim, true, strike);
    }

    Look asStrike() {
        return new Look(fg, bold, italic, dim, underline, true);
    }

    /** This look with {@code other}'s colour when it has one, and the attributes of both. */
    Look with(Look other) {
        return new Look(other.fg != 0 ? other.fg : fg, bold || other.bold, italic || other.italic,
                dim || other.dim, underline || other.underline, strike || other.strike);
    }

    /** The SGR parameters that set this look after a reset, empty for plain text. */
    String sgr() {
        StringBuilder codes = new StringBuilder();
        if (bold) {
            codes.append(";1");
        }
        if (dim) {
            codes.append(";2");
        }
        if (italic) {
            codes.append(";3");
        }
        if (underline) {
            codes.append(";4");
        }
        if (strike) {
            codes.append(";9");
        }
        if (fg != 0) {
            codes.append(';').append(fg);
        }
        return codes.isEmpty() ? "" : codes.substring(1);
    }
}
