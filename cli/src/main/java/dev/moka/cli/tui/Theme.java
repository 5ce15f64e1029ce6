package dev.moka.cli.tui;

import java.util.Locale;

/**
 * The looks the conversation is drawn with. Two palettes of the 16 standard colours, so the terminal's own
 * scheme still decides the exact shades: {@code dark} for light text on a dark background, {@code light}
 * for the reverse (yellow and cyan read badly on white). {@code files} links file references in answers.
 */
record Theme(Look heading, Look code, Look link, Look quote, Look muted, Look user, Look accent, Look keyword,
        Look string, Look comment, Look number, Look type, Look added, Look removed, Look hunk, Look error,
        Look success, FileLinks files) {

    static final Theme DARK = new Theme(Look.fg(36).asBold(), Look.fg(33), Look.fg(34).asUnderline(), Look.fg(32),
            Look.PLAIN.asDim(), Look.fg(36).asBold(), Look.fg(36), Look.fg(35), Look.fg(32), Look.fg(90).asItalic(),
            Look.fg(33), Look.fg(36), Look.fg(32), Look.fg(31), Look.fg(36), Look.fg(31), Look.fg(32), FileLinks.NONE);

    static final Theme LIGHT = new Theme(Look.fg(34).asBold(), Look.fg(35), Look.fg(34).asUnderline(), Look.fg(32),
            Look.PLAIN.asDim(), Look.fg(34).asBold(), Look.fg(34), Look.fg(34).asBold(), Look.fg(32), Look.fg(90).asItalic(),
            Look.fg(35), Look.fg(31), Look.fg(32), Look.fg(31), Look.fg(35), Look.fg(31), Look.fg(32), FileLinks.NONE);

    /** The theme named by MOKA_THEME or {@code tui.theme}, dark unless it says light. */
    static Theme named(String name) {
        return name != null && name.toLowerCase(Locale.ROOT).equals("light") ? LIGHT : DARK;
    }

    /** This palette, with file references in answers linked by {@code links}. */
    Theme withFiles(FileLinks links) {
        return new Theme(heading, code, link, quote, muted, user, accent, keyword, string, comment, number, type,
                added, removed, hunk, error, success, links);
    }
}
