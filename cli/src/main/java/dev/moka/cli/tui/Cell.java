package dev.moka.cli.tui;

import java.util.List;

/**
 * One finished piece of the conversation as it is kept for redrawing: drawn again at a new width when the
 * terminal is resized. Every text a cell holds has passed {@link Clean#text} already.
 */
sealed interface Cell permits Cell.Prompt, Cell.Answer, Cell.Code, Cell.Reasoning, Cell.Notice, Cell.Banner,
        CommandCell, PatchCell, PlanCell, RecordedCallCell {

    List<Line> render(int width, Theme theme);

    /** Whether a blank row separates this cell from the next; the pieces of one code block run on. */
    default boolean spacedAfter() {
        return true;
    }

    /** What the person sent. */
    record Prompt(String text) implements Cell {
        @Override
        public List<Line> render(int width, Theme theme) {
            return Texts.wrapped(text, width, theme.user(), Line.of("› ", theme.user()), Line.plain("  "));
        }
    }

    /** A stable piece of the model's answer, Markdown. */
    record Answer(String markdown) implements Cell {
        @Override
        public List<Line> render(int width, Theme theme) {
            return new MarkdownView(theme).render(markdown, width);
        }
    }

    /**
     * Finished lines of a fenced code block still streaming: the fence's first piece draws its opening row,
     * its last piece the closing row.
     */
    record Code(String info, String lines, boolean opening, boolean closing) implements Cell {
        @Override
        public List<Line> render(int width, Theme theme) {
            return new MarkdownView(theme).code(info, lines, width, opening, closing);
        }

        @Override
        public boolean spacedAfter() {
            return closing;
        }
    }

    /** A reasoning summary, its Markdown drawn dimmed: what the model thought, not what it answered. */
    record Reasoning(String text) implements Cell {
        @Override
        public List<Line> render(int width, Theme theme) {
            return new MarkdownView(theme).render(text.strip(), width).stream()
                    .map(line -> new Line(line.spans().stream().map(s -> new Span(s.text(), s.look().asDim()
                            .asItalic())).toList()))
                    .toList();
        }
    }

    /** What the UI starts with: Moka's version, then what the session runs with and where help is, dimmed. */
    record Banner(String version, List<String> facts) implements Cell {
        /** The banner of a session opened with {@code s}, as short as Codex's. */
        static Banner of(String version, dev.moka.protocol.EventMsg.SessionConfigured s) {
            return new Banner(version, List.of(
                    "model:     " + Clean.text(s.model()) + (s.reasoningEffort() == null ? "" : " "
                            + s.reasoningEffort()) + "   /model to change",
                    "directory: " + Clean.text(s.cwd()),
                    "sandbox:   " + s.sandboxMode() + ", approvals " + s.approvalPolicy()
                            + "   /permissions to change",
                    "? for keys · / for commands · esc esc to rewind"));
        }

        @Override
        public List<Line> render(int width, Theme theme) {
            List<Line> rows = new java.util.ArrayList<>();
            rows.add(Line.of(new Span(">_ ", theme.accent()), new Span("Moka", Look.PLAIN.asBold()),
                    new Span(" (" + version + ")", theme.muted())).truncate(width));
            facts.forEach(fact -> rows.add(Line.of("   " + fact, theme.muted()).truncate(width)));
            return rows;
        }
    }

    /** A line or two from Moka itself: a warning, an error, a status report. */
    record Notice(String text, Kind kind) implements Cell {
        enum Kind { INFO, WARNING, ERROR }

        @Override
        public List<Line> render(int width, Theme theme) {
            Look look = switch (kind) {
                case INFO -> theme.muted();
                case WARNING -> Look.fg(33);
                case ERROR -> theme.error();
            };
            return Texts.wrapped(text, width, look, Line.of("■ ", look), Line.plain("  "));
        }
    }
}
