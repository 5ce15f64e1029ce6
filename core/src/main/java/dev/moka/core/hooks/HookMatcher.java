package dev.moka.core.hooks;

import java.util.List;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;

/**
 * A group's {@code matcher}, as Codex reads it: absent, {@code ""} and {@code "*"} match everything; a matcher of
 * only letters, digits, {@code _} and {@code |} is a list of exact, case-sensitive names; anything else is an
 * unanchored regular expression.
 */
public record HookMatcher(String text, List<String> names, Pattern regex) {
    private static final Pattern NAME_LIST = Pattern.compile("[A-Za-z0-9_|]+");

    /** The matcher {@code text} (null: none). */
    static HookMatcher of(String text) throws PatternSyntaxException {
        if (text == null || text.isEmpty() || text.equals("*")) {
            return new HookMatcher(text, null, null);
        }
        if (NAME_LIST.matcher(text).matches()) {
            return new HookMatcher(text, List.of(text.split("\\|")), null);
        }
        return new HookMatcher(text, null, Pattern.compile(text));
    }

    /** Whether {@code value} (a tool's name, a session's source) is one this matcher picks. */
    public boolean test(String value) {
        if (names != null) {
            return names.contains(value);
        }
        return regex == null || regex.matcher(value == null ? "" : value).find();
    }
}
