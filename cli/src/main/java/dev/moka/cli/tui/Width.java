package dev.moka.cli.tui;

/**
 * Terminal columns taken by text: wide East Asian characters and emoji take two, combining marks none.
 * Close enough to wcwidth for what models write; the renderer never lets a row pass the terminal's width.
 */
final class Width {
    private Width() {}

    static int of(String text) {
        int width = 0;
        for (int i = 0; i < text.length(); ) {
            int cp = text.codePointAt(i);
            width += of(cp);
            i += Character.charCount(cp);
        }
        return width;
    }

    static int of(int cp) {
        if (cp == 0x200B || cp == 0x200D || Character.getType(cp) == Character.NON_SPACING_MARK
                || Character.getType(cp) == Character.ENCLOSING_MARK || cp >= 0xFE00 && cp <= 0xFE0F) {
            return 0;
        }
        return wide(cp) ? 2 : 1;
    }

    private static boolean wide(int cp) {
        return cp >= 0x1100 && cp <= 0x115F
                || cp >= 0x2E80 && cp <= 0xA4CF && cp != 0x303F
                || cp >= 0xAC00 && cp <= 0xD7A3
                || cp >= 0xF900 && cp <= 0xFAFF
                || cp >= 0xFE30 && cp <= 0xFE4F
                || cp >= 0xFF00 && cp <= 0xFF60
                || cp >= 0xFFE0 && cp <= 0xFFE6
                || cp >= 0x1F300 && cp <= 0x1F64F
                || cp >= 0x1F900 && cp <= 0x1F9FF
                || cp >= 0x20000 && cp <= 0x3FFFD;
    }

    /** The longest start of {@code text} that fits in {@code columns}. */
    static String prefix(String text, int columns) {
        int used = 0;
        int i = 0;
        while (i < text.length()) {
            int cp = text.codePointAt(i);
            int w = of(cp);
            if (used + w > columns) {
                break;
            }
            used += w;
            i += Character.charCount(cp);
        }
        return text.substring(0, i);
    }
}
