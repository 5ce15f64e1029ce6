package dev.moka.core.tools.patch;

/**
 * Folds a line to a form where look-alikes compare equal: typographic dashes, quotes and spaces become
 * their ASCII twins, zero-width characters go, and surrounding whitespace is dropped. Models often retype a
 * file's {@code "} as {@code “} or its non-breaking space as a space; this lets such a hunk still be found.
 */
final class LineNormalizer {
    private LineNormalizer() {}

    static String normalize(String line) {
        if (isAscii(line)) {
            return line.strip();
        }
        StringBuilder folded = new StringBuilder(line.length());
        for (int i = 0; i < line.length(); i++) {
            char c = line.charAt(i);
            switch (c) {
                case '\u2010', '\u2011', '\u2012', '\u2013', '\u2014', '\u2015', '\u2212', '\uFE58', '\uFE63',
                     '\uFF0D' -> folded.append('-');
                case '\u2018', '\u2019', '\u201A', '\u201B', '\u2032', '\uFF07' -> folded.append('\'');
                case '\u201C', '\u201D', '\u201E', '\u201F', '\u2033', '\u00AB', '\u00BB', '\uFF02' ->
                        folded.append('"');
                case '\u00A0', '\u2002', '\u2003', '\u2004', '\u2005', '\u2006', '\u2007', '\u2008', '\u2009',
                     '\u200A', '\u202F', '\u205F', '\u3000' -> folded.append(' ');
                case '\u200B', '\u200C', '\u200D', '\u2060', '\uFEFF' -> { }
                case '\u2026' -> folded.append("...");
                default -> folded.append(c);
            }
        }
        return folded.toString().strip();
    }

    private static boolean isAscii(String line) {
        for (int i = 0; i < line.length(); i++) {
            if (line.charAt(i) >= 0x80) {
                return false;
            }
        }
        return true;
    }
}
