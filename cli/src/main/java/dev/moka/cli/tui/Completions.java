package dev.moka.cli.tui;

import dev.moka.cli.prompt.CustomPrompt;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The popup under the composer: slash commands (and custom prompts) while a {@code /word} is typed, files of
 * the workspace after {@code @}. One entry is marked (Up/Down move the mark); Tab takes it, and Enter runs a
 * marked command. Typing anything else moves the mark back to the first entry.
 */
final class Completions {
    /** The most entries the popup shows at once, around the marked one. */
    private static final int ROWS = 8;

    private final Composer composer;
    private final FileFinder files;
    private final List<CustomPrompt> prompts;
    private int marked;
    /** The composer text the mark was moved for. */
    private String markedFor = "";

    Completions(Composer composer, FileFinder files, List<CustomPrompt> prompts) {
        this.composer = composer;
        this.files = files;
        this.prompts = List.copyOf(prompts);
    }

    boolean shown() {
        return !options().isEmpty();
    }

    void move(int delta) {
        int size = options().size();
        if (size > 0) {
            marked = Math.floorMod(marked() + delta, size);
            markedFor = composer.text();
        }
    }

    /** The command word marked while a slash command is typed, or null. */
    String markedCommand() {
        List<String> options = options();
        return options.isEmpty() || !composer.text().startsWith("/") ? null
                : options.get(marked()).split(" ", 2)[0];
    }

    /** Puts the marked entry in the composer: a command's name or a file path; false when nothing changed. */
    boolean complete() {
        List<String> options = options();
        if (options.isEmpty()) {
            return false;
        }
        String token = token();
        String choice = options.get(marked());
        String replacement = token.startsWith("@") ? choice + " " : "/" + choice.split(" ", 2)[0];
        if (("/" + composer.text().strip()).equals("/" + replacement) || replacement.equals(token)) {
            return false;
        }
        composer.replaceBeforeCursor(composer.cursor() - token.length(), replacement);
        return true;
    }

    List<Line> render(int width, Theme theme) {
        List<String> options = options();
        int selected = marked();
        int from = Math.clamp(selected - ROWS / 2, 0, Math.max(0, options.size() - ROWS));
        List<Line> rows = new ArrayList<>();
        for (int i = from; i < Math.min(options.size(), from + ROWS); i++) {
            rows.add(i == selected ? Line.of("› " + options.get(i), theme.accent().asBold()).truncate(width)
                    : Line.of("  " + options.get(i), theme.muted()).truncate(width));
        }
        return rows;
    }

    /** The mark's index: 0 once the composer's text changed since it was moved. */
    private int marked() {
        return composer.text().equals(markedFor) ? Math.min(marked, Math.max(0, options().size() - 1)) : 0;
    }

    /** The word the cursor is at the end of. */
    private String token() {
        String before = composer.text().substring(0, composer.cursor());
        int start = Math.max(before.lastIndexOf(' '), before.lastIndexOf('\n')) + 1;
        return before.substring(start);
    }

    private List<String> options() {
        String token = token();
        if (token.startsWith("@") && token.length() > 1) {
            return files.find(token.substring(1), ROWS);
        }
        String text = composer.text();
        if (text.startsWith("/") && !text.contains(" ") && !text.contains("\n") && token.equals(text)) {
            String typed = text.substring(1);
            List<String> lines = new ArrayList<>(SlashCommand.matching(typed).stream()
                    .map(c -> String.format(Locale.ROOT, "%-10s %s", c.word(), c.help())).toList());
            prompts.stream().filter(p -> p.name().startsWith(typed))
                    .forEach(p -> lines.add(String.format(Locale.ROOT, "%-10s %s", p.name(), p.help())));
            return lines;
        }
        return List.of();
    }
}
