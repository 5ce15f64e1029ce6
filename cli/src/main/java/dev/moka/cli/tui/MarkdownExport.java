package dev.moka.cli.tui;

import java.util.List;
import java.util.stream.Collectors;

/**
 * {@code /export}: the conversation as a Markdown document. Prompts and answers keep their own Markdown; what
 * Moka drew around them (commands, diffs, plans, notices) goes in as the plain text the screen showed.
 */
final class MarkdownExport {
    /** The width the drawn cells are laid out at: wide enough that little wraps. */
    private static final int WIDTH = 120;

    private MarkdownExport() {}

    static String of(List<Cell> cells, String sessionId) {
        StringBuilder out = new StringBuilder("# Moka conversation " + sessionId + "\n");
        for (Cell cell : cells) {
            switch (cell) {
                case Cell.Prompt p -> out.append("\n## You\n\n").append(p.text().strip()).append("\n\n## Moka\n");
                case Cell.Answer a -> out.append('\n').append(a.markdown().strip()).append('\n');
                case Cell.Code c -> out.append(c.opening() ? "\n```" + c.info() + "\n" : "").append(c.lines())
                        .append(c.lines().endsWith("\n") || c.lines().isEmpty() ? "" : "\n")
                        .append(c.closing() ? "```\n" : "");
                case Cell.Reasoning r -> out.append('\n').append(r.text().strip().lines().map(l -> "> " + l)
                        .collect(Collectors.joining("\n"))).append('\n');
                case Cell.Notice n -> out.append("\n_").append(n.text().strip().replace("\n", " ")).append("_\n");
                case Cell.Banner _ -> { }
                case CommandCell _, PatchCell _, PlanCell _, RecordedCallCell _ -> out.append("\n```\n")
                        .append(drawn(cell)).append("\n```\n");
            }
        }
        return out.toString();
    }

    private static String drawn(Cell cell) {
        return cell.render(WIDTH, Theme.DARK).stream().map(Line::text).collect(Collectors.joining("\n"));
    }
}
