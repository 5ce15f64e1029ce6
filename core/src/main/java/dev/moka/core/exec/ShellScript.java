package dev.moka.core.exec;

import java.util.ArrayList;
import java.util.List;

/**
 * A shell script split into simple commands at {@code |}, {@code &&}, {@code ||}, {@code ;} and newlines, with
 * quotes and escapes removed from the words. Anything more (expansions, substitutions, redirections,
 * subshells, background jobs) makes the script not {@link #plain()}: it can still be scanned for danger, but
 * is neither described in detail nor judged safe.
 *
 * @param commands the simple commands in order
 * @param plain    whether the script holds nothing but plain words and those operators
 */
record ShellScript(List<Command> commands, boolean plain) {

    /**
     * One simple command.
     *
     * @param words     its words, unquoted
     * @param redirects targets of output redirections ({@code >}, {@code >>}, {@code &>}), unquoted
     * @param piped     whether it reads the output of the command before it
     */
    record Command(List<String> words, List<String> redirects, boolean piped) {}

    /** The script's commands, or null when it cannot be split (an unterminated quote). */
    static ShellScript parse(String script) {
        return new Lexer(script).run();
    }

    private static final class Lexer {
        private final String s;
        private int i;
        private boolean plain = true;
        private final List<Command> commands = new ArrayList<>();
        private List<String> words = new ArrayList<>();
        private List<String> redirects = new ArrayList<>();
        private boolean piped;
        private boolean nextIsRedirect;
        private boolean broken;

        Lexer(String script) {
            this.s = script;
        }

        ShellScript run() {
            while (i < s.length()) {
                char c = s.charAt(i);
                if (c == ' ' || c == '\t') {
                    i++;
                } else if (c == '\n' || c == ';') {
                    i++;
                    endCommand(false);
                } else if (c == '|' || c == '&') {
                    operator(c);
                } else if (c == '>' || c == '<') {
                    redirect(c);
                } else if (c == '#') {
                    skipComment();
                } else if (c == '(' || c == ')' || (c == '{' || c == '}') && words.isEmpty()) {
                    // A brace opens or closes a group only where a command starts; elsewhere ({} for find) it is text.
                    plain = false;
                    i++;
                } else if (!word()) {
                    return null;
                }
            }
            endCommand(false);
            return broken ? null : new ShellScript(List.copyOf(commands), plain);
        }

        private void operator(char c) {
            boolean doubled = i + 1 < s.length() && s.charAt(i + 1) == c;
            if (c == '&' && i + 1 < s.length() && s.charAt(i + 1) == '>') {
                i += 2;
                plain = false;
                nextIsRedirect = true;
                return;
            }
            i += doubled ? 2 : 1;
            if (c == '&' && !doubled) {
                plain = false;
            }
            endCommand(c == '|' && !doubled);
        }

        private void redirect(char c) {
            plain = false;
            // A descriptor number glued before it ("2>") was read as a word; it is not an argument.
            if (!words.isEmpty() && words.getLast().matches("\\d") && i > 0 && Character.isDigit(s.charAt(i - 1))) {
                words.removeLast();
            }
            i++;
            if (i < s.length() && (s.charAt(i) == '>' || s.charAt(i) == '&' || s.charAt(i) == '|')) {
                i++;
            }
            nextIsRedirect = c == '>';
            if (c == '<') {
                // The input file is read, not written: keep it out of both lists.
                skipBlanks();
                int before = words.size();
                broken |= !word();
                if (words.size() > before) {
                    words.removeLast();
                }
            }
        }

        private void skipBlanks() {
            while (i < s.length() && (s.charAt(i) == ' ' || s.charAt(i) == '\t')) {
                i++;
            }
        }

        private void skipComment() {
            while (i < s.length() && s.charAt(i) != '\n') {
                i++;
            }
        }

        /** Reads one word; false on an unterminated quote. */
        private boolean word() {
            StringBuilder out = new StringBuilder();
            while (i < s.length()) {
                char c = s.charAt(i);
                if (" \t\n;|&<>()".indexOf(c) >= 0) {
                    break;
                }
                if (c == '\'') {
                    int end = s.indexOf('\'', i + 1);
                    if (end < 0) {
                        return false;
                    }
                    out.append(s, i + 1, end);
                    i = end + 1;
                } else if (c == '"') {
                    if (!doubleQuoted(out)) {
                        return false;
                    }
                } else if (c == '\\') {
                    if (i + 1 < s.length() && s.charAt(i + 1) != '\n') {
                        out.append(s.charAt(i + 1));
                    }
                    i += 2;
                } else {
                    if (c == '$' || c == '`') {
                        plain = false;
                    }
                    out.append(c);
                    i++;
                }
            }
            if (nextIsRedirect) {
                redirects.add(out.toString());
                nextIsRedirect = false;
            } else {
                words.add(out.toString());
            }
            return true;
        }

        private boolean doubleQuoted(StringBuilder out) {
            i++;
            while (i < s.length()) {
                char c = s.charAt(i);
                if (c == '"') {
                    i++;
                    return true;
                }
                if (c == '\\' && i + 1 < s.length() && "\"\\$`\n".indexOf(s.charAt(i + 1)) >= 0) {
                    out.append(s.charAt(i + 1));
                    i += 2;
                    continue;
                }
                if (c == '$' || c == '`') {
                    plain = false;
                }
                out.append(c);
                i++;
            }
            return false;
        }

        private void endCommand(boolean nextPiped) {
            if (!words.isEmpty() || !redirects.isEmpty()) {
                commands.add(new Command(List.copyOf(words), List.copyOf(redirects), piped));
            }
            words = new ArrayList<>();
            redirects = new ArrayList<>();
            piped = nextPiped;
        }
    }
}
