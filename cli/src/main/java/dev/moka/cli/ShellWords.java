package dev.moka.cli;

import java.util.List;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/** Shows an argv the way a person would type it, quoting only the words that need it. */
final class ShellWords {
    private static final Pattern PLAIN = Pattern.compile("[A-Za-z0-9_@%+=:,./-]+");

    private ShellWords() {}

    static String join(List<String> argv) {
        return argv.stream().map(ShellWords::quote).collect(Collectors.joining(" "));
    }

    static String quote(String word) {
        if (!word.isEmpty() && PLAIN.matcher(word).matches()) {
            return word;
        }
        return "'" + word.replace("'", "'\"'\"'") + "'";
    }
}
