package dev.moka.cli.exec;

import dev.moka.cli.text.FileDiff;
import dev.moka.cli.text.Style;
import dev.moka.cli.text.TerminalText;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import tools.jackson.databind.JsonNode;

/**
 * A patch as the person reads it on stderr: one line per file (A added, M modified, D deleted, with line
 * counts) and the diff below it, cut after {@link #MAX_DIFF_LINES} lines. Reads the {@code changes} map of
 * PatchApplyBegin: {@code {"add":{"content"}}}, {@code {"delete":{"content"}}} or
 * {@code {"update":{"unified_diff","move_path"}}} per absolute path.
 */
final class PatchView {
    static final int MAX_DIFF_LINES = 200;
    static final int MAX_LINE_CHARS = 300;

    private final Style style;
    private final Path cwd;

    PatchView(Style style, Path cwd) {
        this.style = style;
        this.cwd = cwd;
    }

    /** The lines showing {@code changes}; with {@code withDiff} false only the file list. */
    List<String> render(Map<String, JsonNode> changes, boolean withDiff) {
        List<String> lines = new ArrayList<>();
        int budget = MAX_DIFF_LINES;
        int left = 0;
        for (Map.Entry<String, JsonNode> change : changes.entrySet()) {
            FileDiff file = FileDiff.of(change.getKey(), change.getValue());
            lines.add("  " + fileLine(file));
            if (!withDiff) {
                continue;
            }
            List<String> diff = file.diffLines();
            for (String line : diff) {
                if (budget == 0) {
                    left++;
                    continue;
                }
                lines.add("    " + colour(Clip.head(TerminalText.sanitize(line), MAX_LINE_CHARS)));
                budget--;
            }
        }
        if (left > 0) {
            lines.add(style.dim("    … " + left + " more lines of diff not shown"));
        }
        return lines;
    }

    private String fileLine(FileDiff file) {
        String counts = switch (file.kind()) {
            case 'A' -> " (+" + file.added() + ")";
            case 'D' -> " (-" + file.removed() + ")";
            default -> " (+" + file.added() + " -" + file.removed() + ")";
        };
        String moved = file.movedTo() == null ? "" : " -> " + shown(file.movedTo());
        return file.kind() + " " + shown(file.path()) + moved + counts;
    }

    private String shown(String path) {
        Path file = Path.of(path);
        String name = cwd != null && file.startsWith(cwd) && !file.equals(cwd) ? cwd.relativize(file).toString()
                : path;
        return TerminalText.sanitize(name);
    }

    private String colour(String line) {
        if (line.startsWith("@@")) {
            return style.cyan(line);
        }
        if (line.startsWith("+")) {
            return style.green(line);
        }
        if (line.startsWith("-")) {
            return style.red(line);
        }
        return line;
    }
}
