package dev.moka.core.exec;

import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * Shell words, the one place Moka quotes them: {@link #join} turns an argv into one line a POSIX shell splits
 * back into the same words (for display, and for the {@code -lc} script of a login shell), and
 * {@code bash -lc "<script>"} invocations are recognised.
 */
public final class ShellWords {
    private static final Set<String> SHELLS = Set.of("bash", "sh", "zsh", "dash");
    private static final Set<String> SCRIPT_FLAGS = Set.of("-c", "-lc", "-cl");
    private static final Pattern SAFE = Pattern.compile("[A-Za-z0-9_@%+=:,./-]+");

    private ShellWords() {}

    /** The script of a {@code <shell> -c|-lc <script> [args]} argv, or null when argv is a plain program call. */
    public static String script(List<String> argv) {
        if (argv.size() < 3 || !SCRIPT_FLAGS.contains(argv.get(1))) {
            return null;
        }
        String program = argv.getFirst();
        String name = program.substring(program.lastIndexOf('/') + 1);
        return SHELLS.contains(name) ? argv.get(2) : null;
    }

    /**
     * The command as the model wrote it, for a person to read: the script of a {@code bash -lc <script>} (the
     * shell tools wrap the model's line in one), else the words joined.
     */
    public static String shown(List<String> argv) {
        String script = script(argv);
        return script != null && argv.size() == 3 ? script : join(argv);
    }

    public static String join(List<String> words) {
        return words.stream().map(ShellWords::quote).collect(Collectors.joining(" "));
    }

    /** The word as is when it holds nothing a shell would interpret, else single-quoted. */
    public static String quote(String word) {
        if (SAFE.matcher(word).matches()) {
            return word;
        }
        return "'" + word.replace("'", "'\"'\"'") + "'";
    }
}
