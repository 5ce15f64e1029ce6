package dev.moka.core.tools.patch;

import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Recognises a shell call that is really an {@code apply_patch} call, so it can go through the patch engine
 * instead of looking for a program that does not exist: {@code ["apply_patch", "<patch>"]}, or a shell
 * running {@code apply_patch <<'EOF' ... EOF} as its whole script.
 */
public final class ApplyPatchInterception {
    private static final Set<String> PROGRAMS = Set.of("apply_patch", "applypatch");
    private static final Set<String> SHELLS = Set.of("bash", "sh", "zsh");
    private static final Set<String> SCRIPT_FLAGS = Set.of("-c", "-lc");
    private static final Pattern HEREDOC_START = Pattern.compile(
            "(?:apply_patch|applypatch)[ \\t]+<<(-?)[ \\t]*(['\"]?)([A-Za-z_][A-Za-z0-9_]*)\\2[ \\t]*");

    private ApplyPatchInterception() {}

    /** The patch text when {@code argv} is a call of {@code apply_patch}, else empty. */
    public static Optional<String> extract(List<String> argv) {
        if (argv.size() == 2 && PROGRAMS.contains(argv.getFirst())) {
            return Optional.of(argv.get(1));
        }
        if (argv.size() == 3 && SHELLS.contains(baseName(argv.getFirst())) && SCRIPT_FLAGS.contains(argv.get(1))) {
            return heredoc(argv.get(2));
        }
        return Optional.empty();
    }

    /** The body of a script that is exactly one {@code apply_patch} heredoc, and nothing after it. */
    private static Optional<String> heredoc(String script) {
        String[] lines = script.strip().split("\n", -1);
        Matcher start = HEREDOC_START.matcher(lines[0].strip());
        if (!start.matches()) {
            return Optional.empty();
        }
        boolean stripTabs = !start.group(1).isEmpty();
        String delimiter = start.group(3);
        for (int i = 1; i < lines.length; i++) {
            String line = stripTabs ? lines[i].replaceFirst("^\\t+", "") : lines[i];
            if (line.stripTrailing().equals(delimiter)) {
                if (i != lines.length - 1) {
                    return Optional.empty();
                }
                StringBuilder body = new StringBuilder();
                for (int j = 1; j < i; j++) {
                    body.append(stripTabs ? lines[j].replaceFirst("^\\t+", "") : lines[j]).append('\n');
                }
                return Optional.of(body.toString());
            }
        }
        return Optional.empty();
    }

    private static String baseName(String program) {
        int slash = program.lastIndexOf('/');
        return slash < 0 ? program : program.substring(slash + 1);
    }
}
