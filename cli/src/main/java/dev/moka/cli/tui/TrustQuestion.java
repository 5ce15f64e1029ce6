package dev.moka.cli.tui;

import dev.moka.cli.terminal.TerminalModes;
import dev.moka.cli.terminal.TerminalSize;
import dev.moka.cli.terminal.UiTerminal;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The first run in a project nobody has said anything about: asks whether to trust it, as Codex does, before
 * the conversation opens. Trusting lets commands write inside the workspace (workspace-write, asking before
 * going further); not trusting keeps them read-only. The answer is recorded by the caller in config.toml.
 */
public final class TrustQuestion {
    /** What the person said: trust, do not trust, or leave without deciding (Ctrl+C, Ctrl+D). */
    public enum Answer { TRUST, DISTRUST, QUIT }

    private static final List<String> CHOICES = List.of(
            "Yes, trust this folder: Moka edits files and runs commands here, inside the sandbox",
            "No, keep it read-only: Moka asks before every edit and every command that writes");

    private TrustQuestion() {}

    /**
     * Asks on {@code opening}'s terminal, reading the answer from {@code keys}, the process's one reader of
     * them: what is typed after the answer is left there for the UI, and the terminal too.
     */
    public static Answer ask(Path project, boolean colour, String theme, TerminalOpening opening, KeyInput keys)
            throws IOException {
        UiTerminal terminal = opening.get();
        TerminalModes saved = Tui.rawMode(terminal);
        var decoder = new KeyDecoder(keys);
        Screen screen = new Screen(terminal.writer(), colour);
        Theme look = Theme.named(theme);
        int selected = 0;
        try {
            while (true) {
                draw(screen, terminal.size(), look, project, selected);
                Key key = decoder.next();
                switch (key.name()) {
                    case UP, DOWN, TAB -> selected = 1 - selected;
                    case ENTER -> {
                        return selected == 0 ? Answer.TRUST : Answer.DISTRUST;
                    }
                    case TEXT -> {
                        switch (key.text().toLowerCase(java.util.Locale.ROOT)) {
                            case "1", "y" -> {
                                return Answer.TRUST;
                            }
                            case "2", "n" -> {
                                return Answer.DISTRUST;
                            }
                            default -> { }
                        }
                    }
                    case CTRL_C, CTRL_D, EOF -> {
                        return Answer.QUIT;
                    }
                    default -> { }
                }
            }
        } finally {
            screen.close(List.of());
            terminal.setModes(saved);
        }
    }

    private static void draw(Screen screen, TerminalSize size, Theme theme, Path project, int selected) {
        int width = size.columns() > 0 ? size.columns() : 80;
        int height = size.rows() > 0 ? size.rows() : 24;
        List<Line> rows = new ArrayList<>();
        rows.addAll(Texts.wrapped("You are in " + Clean.text(project.toString()), width, Look.PLAIN.asBold(),
                Line.of("> ", theme.accent()), Line.plain("  ")));
        rows.add(Line.EMPTY);
        rows.addAll(Texts.wrapped("Do you trust the files in this folder? Moka has not worked here before. Your"
                + " answer is kept in config.toml for next time (change it with moka trust [--untrust]).", width,
                Look.PLAIN, Line.plain("  "), Line.plain("  ")));
        rows.add(Line.EMPTY);
        for (int i = 0; i < CHOICES.size(); i++) {
            boolean on = i == selected;
            rows.addAll(Texts.wrapped((i + 1) + ". " + CHOICES.get(i), width, on ? theme.accent().asBold()
                    : Look.PLAIN, Line.of(on ? "› " : "  ", theme.accent()), Line.plain("     ")));
        }
        rows.add(Line.EMPTY);
        rows.add(Line.of("  ↑↓ or 1/2 to choose · enter to confirm · ctrl+c to quit", theme.muted()).truncate(width));
        screen.frame(List.of(), rows, rows.size() - 1, 0, height);
    }
}
