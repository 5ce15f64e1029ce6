package dev.moka.cli.tui;

import dev.moka.cli.text.FileDiff;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import tools.jackson.databind.JsonNode;

/** A patch the model applied (or failed to): each file with its counts, then its diff in colour. */
record PatchCell(List<FileDiff> files, boolean success, String error) implements Cell {
    static final int MAX_DIFF_LINES = 200;

    PatchCell {
        files = List.copyOf(files);
    }

    static PatchCell of(Map<String, JsonNode> changes, boolean success, String error, String cwd) {
        List<FileDiff> files = new ArrayList<>();
        changes.forEach((path, entry) -> files.add(FileDiff.of(relative(path, cwd), entry)));
        return new PatchCell(files, success, error == null ? "" : Clean.text(error).strip());
    }

    private static String relative(String path, String cwd) {
        return cwd != null && path.startsWith(cwd + "/") ? path.substring(cwd.length() + 1) : path;
    }

    @Override
    public List<Line> render(int width, Theme theme) {
        List<Line> rows = new ArrayList<>();
        rows.add(success ? Line.of("• Edited", Look.PLAIN.asBold())
                : Line.of("✗ Patch failed" + (error.isEmpty() ? "" : ": " + error), theme.error()));
        Highlighter colours = new Highlighter(theme);
        int budget = MAX_DIFF_LINES;
        for (FileDiff file : files) {
            String moved = file.movedTo() == null ? "" : " → " + Clean.text(file.movedTo());
            Line name = Line.of("  " + file.kind() + " " + Clean.text(file.path()) + moved + " ", Look.PLAIN.asBold())
                    .append(Line.of("+" + file.added(), theme.added())).append(Line.plain(" "))
                    .append(Line.of("-" + file.removed(), theme.removed()));
            rows.addAll(Wrap.words(name, width, Line.EMPTY, Line.plain("    ")));
            for (String raw : file.diffLines()) {
                if (budget-- <= 0) {
                    break;
                }
                String line = Clean.text(raw);
                rows.addAll(Wrap.hard(Line.of(line, colours.diffLook(line)), width, Line.plain("    "),
                        Line.plain("    ")));
            }
        }
        if (budget < 0) {
            rows.add(Line.of("    … more of the diff not shown", theme.muted()));
        }
        return rows;
    }
}
