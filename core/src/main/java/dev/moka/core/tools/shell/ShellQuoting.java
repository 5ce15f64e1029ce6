package dev.moka.core.tools.shell;

import java.util.List;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/** Joins an argv into one line a POSIX shell would split back into the same words, for display. */
final class ShellQuoting {
    private static final Pattern SAFE = Pattern.compile("[A-Za-z0-9_@%+=:,./-]+");

    private ShellQuoting() {}

    static String join(List<String> argv) {
        return argv.stream().map(ShellQuoting::quote).collect(Collectors.joining(" "));
    }

    static String quote(String word) {
        if (SAFE.matcher(word).matches()) {
            return word;
        }
        return "'" + word.replace("'", "'\"'\"'") + "'";
    }
}
