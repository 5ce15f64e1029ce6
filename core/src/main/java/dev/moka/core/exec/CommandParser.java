package dev.moka.core.exec;

import dev.moka.protocol.ParsedCommand;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * Describes a command for display: {@code bash -lc "rg foo src | head"} becomes one search of "foo" in
 * "src". Scripts with pipes, {@code &&}, {@code ||} and {@code ;} give one entry per meaningful command;
 * anything the parser does not understand is one {@link ParsedCommand.Unknown} holding the whole text.
 */
public final class CommandParser {
    /** Commands that only reshape the output of the command before them in a pipeline. */
    private static final Set<String> PIPE_HELPERS = Set.of("head", "tail", "wc", "sort", "uniq", "cut", "tr",
            "less", "more", "column", "nl", "cat", "sed", "awk", "grep", "xargs");

    private CommandParser() {}

    /** Whether argv is {@code <shell> -c|-lc <script>}: a script rather than one program call. */
    public static boolean isShellScript(List<String> argv) {
        return ShellWords.script(argv) != null;
    }

    /** The entries for an argv as a tool would run it; never empty. */
    public static List<ParsedCommand> parse(List<String> argv) {
        String script = ShellWords.script(argv);
        if (script == null) {
            return List.of(CommandKinds.classify(argv));
        }
        ShellScript parsed = ShellScript.parse(script);
        if (parsed == null || !parsed.plain() || parsed.commands().isEmpty()) {
            return List.of(new ParsedCommand.Unknown(script));
        }
        List<ParsedCommand> out = new ArrayList<>();
        for (ShellScript.Command command : parsed.commands()) {
            List<String> words = command.words();
            if (words.isEmpty() || "cd".equals(words.getFirst())) {
                continue;
            }
            if (command.piped() && PIPE_HELPERS.contains(words.getFirst()) && onlyOptions(words)) {
                continue;
            }
            ParsedCommand entry = CommandKinds.classify(words);
            if (out.isEmpty() || !out.getLast().equals(entry)) {
                out.add(entry);
            }
        }
        if (out.isEmpty()) {
            return List.of(new ParsedCommand.Noop(script));
        }
        return List.copyOf(out);
    }

    /** Whether a pipeline stage names no file of its own (so it only filters what it is given). */
    private static boolean onlyOptions(List<String> words) {
        String program = words.getFirst();
        if (Set.of("grep", "sed", "awk").contains(program)) {
            // Their first operand is a pattern or program; a second one would be a file.
            return words.stream().skip(1).filter(w -> !w.startsWith("-")).count() <= 1;
        }
        return words.stream().skip(1).allMatch(w -> w.startsWith("-") || w.matches("\\d+"));
    }
}
