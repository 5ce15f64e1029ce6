package dev.moka.cli.tui;

/**
 * How a run of text looks: a foreground colour (an SGR colour number, 0 for the terminal's own), the
 * attributes, and the address it links to (an OSC 8 hyperlink, like underline an attribute the terminal
 * draws; null for none). Values compose, so emphasis inside a heading stays a heading's colour.
 */
record Look(int fg, boolean bold, boolean italic, boolean dim, boolean underline, boolean strike, String link) {
    static final Look PLAIN = new Look(0, false, false, false, false, false, null);

    static Look fg(int colour) {
        return new Look(colour, false, false, false, false, false, null);
    }

    Look asBold() {
        return new Look(fg, true, italic, dim, underline, strike, link);
    }

    Look asItalic() {
        return new Look(fg, bold, true, dim, underline, strike, link);
    }

    Look asDim() {
        return new Look(fg, bold, italic, true, underline, strike, link);
    }

    Look asUnderline() {
        return new Look(fg, bold, italic, dim, true, strike, link);
    }

    Look asStrike() {
        return new Look(fg, bold, italic, dim, underline, true, link);
    }

    /** This look linking to {@code address}: the text stays as it is, a click opens it. */
    Look linkedTo(String address) {
        return new Look(fg, bold, italic, dim, underline, strike, address);
    }

    /** This look with {@code other}'s colour and link when it has them, and the attributes of both. */
    Look with(Look other) {
        return new Look(other.fg != 0 ? other.fg : fg, bold || other.bold, italic || other.italic,
                dim || other.dim, underline || other.underline, strike || other.strike,
                other.link != null ? other.link : link);
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
