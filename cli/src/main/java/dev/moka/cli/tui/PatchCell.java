package dev.moka.cli.tui;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import tools.jackson.databind.JsonNode;

/** A patch the model applied (or failed to): each file with its counts, then its diff in colour. */
record PatchCell(List<FileChange> files, boolean success, String error) implements Cell {
    static final int MAX_DIFF_LINES = 200;

    PatchCell {
        files = List.copyOf(files);
    }

    /** One file of a patch: A(dd), M(odify) or D(elete), and the diff lines shown for it. */
    record FileChange(char kind, String path, String movedTo, List<String> diff, int added, int removed) {
        FileChange {
            diff = List.copyOf(diff);
        }

        static FileChange of(String path, JsonNode entry) {
            if (entry.has("add")) {
                List<String> lines = lines(text(entry.get("add"), "content"));
                return new FileChange('A', path, null, lines.stream().map(l -> "+" + l).toList(), lines.size(), 0);
            }
            if (entry.has("delete")) {
                return new FileChange('D', path, null, List.of(), 0, lines(text(entry.get("delete"), "content")).size());
            }
            JsonNode update = entry.get("update");
            List<String> lines = lines(text(update, "unified_diff"));
            int added = (int) lines.stream().filter(l -> l.startsWith("+") && !l.startsWith("+++")).count();
            int removed = (int) lines.stream().filter(l -> l.startsWith("-") && !l.startsWith("---")).count();
            return new FileChange('M', path, text(update, "move_path"), lines, added, removed);
        }

        private static String text(JsonNode node, String field) {
            JsonNode value = node == null ? null : node.get(field);
            return value == null || value.isNull() ? null : Clean.text(value.asString());
        }

        private static List<String> lines(String text) {
            return text == null ? List.of() : text.lines().toList();
        }
    }

    static PatchCell of(Map<String, JsonNode> changes, boolean success, String error, String cwd) {
        List<FileChange> files = new ArrayList<>();
        changes.forEach((path, entry) -> files.add(FileChange.of(Clean.text(relative(path, cwd)), entry)));
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
        for (FileChange file : files) {
            String moved = file.movedTo() == null ? "" : " → " + file.movedTo();
            Line name = Line.of("  " + file.kind() + " " + file.path() + moved + " ", Look.PLAIN.asBold())
                    .append(Line.of("+" + file.added(), theme.added())).append(Line.plain(" "))
                    .append(Line.of("-" + file.removed(), theme.removed()));
            rows.addAll(Wrap.words(name, width, Line.EMPTY, Line.plain("    ")));
            for (String line : file.diff()) {
                if (budget-- <= 0) {
                    break;
                }
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
