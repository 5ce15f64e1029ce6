package dev.moka.cli.tui;

import java.util.ArrayList;
import java.util.List;

/** Plain multi-line text drawn in one look, each source line wrapped on its own. */
final class Texts {
    private Texts() {}

    static List<Line> wrapped(String text, int width, Look look, Line first, Line rest) {
        List<Line> rows = new ArrayList<>();
        boolean firstLine = true;
        for (String line : text.split("\n", -1)) {
            rows.addAll(Wrap.words(Line.of(line, look), width, firstLine ? first : rest, rest));
            firstLine = false;
        }
        return rows;
    }
}
