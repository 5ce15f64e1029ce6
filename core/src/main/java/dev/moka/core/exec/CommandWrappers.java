package dev.moka.core.exec;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Programs that run another program given in their arguments ({@code env FOO=1 rm -rf ~}, {@code nice -n 5
 * make}, {@code xargs rm}, {@code bash -e -c 'rm -rf /'}): danger is judged on what they run. A wrapper is
 * never known safe itself, so only danger detection looks inside.
 */
final class CommandWrappers {
    private static final OptionSpec ENV = OptionSpec.gnu("i0v", "uCS", "ignore-environment", "null", "unset=",
            "chdir=", "split-string=", "debug", "default-signal[=]", "ignore-signal[=]", "block-signal[=]",
            "list-signal-handling", "help", "version").stopsAtOperand();
    /** Each wrapper's options; the first operand ends them, as each of these parses with a leading "+". */
    private static final Map<String, OptionSpec> WRAPPERS = Map.of(
            "env", ENV,
            "nice", OptionSpec.gnu("0123456789", "n", "adjustment=", "help", "version").stopsAtOperand(),
            "nohup", OptionSpec.gnu("", "", "help", "version").stopsAtOperand(),
            "timeout", OptionSpec.gnu("v", "sk", "signal=", "kill-after=", "preserve-status", "foreground",
                    "verbose", "help", "version").stopsAtOperand(),
            "stdbuf", OptionSpec.gnu("", "ioe", "input=", "output=", "error=", "help", "version").stopsAtOperand(),
            "time", OptionSpec.gnu("apqvV", "fo", "append", "format=", "output=", "portability", "quiet", "verbose",
                    "help", "version").stopsAtOperand(),
            "command", OptionSpec.gnu("pvV", "").stopsAtOperand(),
            "exec", OptionSpec.gnu("cl", "a").stopsAtOperand(),
            "setsid", OptionSpec.gnu("cfw", "", "ctty", "fork", "wait", "help", "version").stopsAtOperand(),
            "xargs", OptionSpec.gnu("0prtxo", "aEIdnLPs", "null", "arg-file=", "delimiter=", "eof[=]", "replace[=]",
                    "max-lines[=]", "max-args=", "max-procs=", "interactive", "process-slot-var=", "open-tty",
                    "no-run-if-empty", "max-chars=", "show-limits", "verbose", "exit", "help", "version")
                    .optionalValues("eil").stopsAtOperand());
    private static final Set<String> SHELLS = Set.of("sh", "bash", "zsh", "dash", "ksh");
    private static final Pattern ASSIGNMENT = Pattern.compile("[A-Za-z_][A-Za-z0-9_]*=.*", Pattern.DOTALL);

    private CommandWrappers() {}

    /**
     * The commands {@code words} may run when its program is a wrapper, or null when it is not one. Options
     * the wrapper is not known to take could be anything, so then every later word is taken as a possible
     * start of the command, and every word with spaces as a string {@code env -S} could split.
     */
    static List<List<String>> runs(List<String> words) {
        String name = baseName(words.getFirst());
        OptionSpec spec = WRAPPERS.get(name);
        if (spec == null) {
            return null;
        }
        List<String> args = words.subList(1, words.size());
        OptionScan scan = OptionScan.read(spec, args);
        if (scan == null) {
            return anyStart(args);
        }
        List<String> command = scan.operands();
        return switch (name) {
            case "env" -> List.of(envCommand(scan));
            case "timeout" -> List.of(command.isEmpty() ? command : command.subList(1, command.size()));
            // command -v and -V only say what a name is.
            case "command" -> scan.has("-v") || scan.has("-V") ? List.of() : List.of(command);
            default -> List.of(command);
        };
    }

    /**
     * The script a shell is told to run with {@code -c} among other options ({@code bash -e -c 'x'},
     * {@code sh -xc 'x'}, {@code bash --norc -c 'x'}), or null.
     */
    static String shellScript(List<String> words) {
        if (!SHELLS.contains(baseName(words.getFirst()))) {
            return null;
        }
        boolean command = false;
        for (int i = 1; i < words.size(); i++) {
            String word = words.get(i);
            if (!word.startsWith("-") && !word.startsWith("+") || word.equals("--") || word.equals("-")) {
                int script = word.equals("--") || word.equals("-") ? i + 1 : i;
                return command && script < words.size() ? words.get(script) : null;
            }
            if (Set.of("-o", "+o", "-O", "+O", "--rcfile", "--init-file").contains(word)) {
                i++;
            } else if (!word.startsWith("--")) {
                command |= word.indexOf('c') > 0;
            }
        }
        return null;
    }

    /** Leading {@code NAME=value} words, which set the environment of the command after them. */
    static int assignments(List<String> words) {
        int count = 0;
        while (count < words.size() && ASSIGNMENT.matcher(words.get(count)).matches()) {
            count++;
        }
        return count;
    }

    static String baseName(String program) {
        return program.substring(program.lastIndexOf('/') + 1);
    }

    /**
     * What {@code env} runs: its operands after the assignments, or, with {@code -S}, the split strings
     * followed by the operands, read again as env's own arguments (the string may hold options too).
     */
    private static List<String> envCommand(OptionScan scan) {
        List<String> split = new ArrayList<>();
        scan.options().stream().filter(o -> o.name().equals("-S") || o.name().equals("--split-string"))
                .forEach(o -> split.addAll(splitString(o.value())));
        List<String> operands = scan.operands();
        if (!split.isEmpty()) {
            List<String> again = new ArrayList<>(List.of("env"));
            again.addAll(split);
            again.addAll(operands);
            return again;
        }
        return operands.subList(assignments(operands), operands.size());
    }

    private static List<List<String>> anyStart(List<String> args) {
        List<List<String>> out = new ArrayList<>();
        for (int i = 0; i < args.size(); i++) {
            out.add(args.subList(i, args.size()));
            if (args.get(i).contains(" ")) {
                out.add(splitString(args.get(i)));
            }
        }
        return out;
    }

    /**
     * Splits an {@code env -S} string into words: blanks separate, quotes group, a backslash escapes. Close
     * enough to env's rules to see which program it names and with what arguments.
     */
    static List<String> splitString(String text) {
        List<String> words = new ArrayList<>();
        StringBuilder word = null;
        char quote = 0;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (quote == 0 && Character.isWhitespace(c)) {
                if (word != null) {
                    words.add(word.toString());
                    word = null;
                }
                continue;
            }
            word = word == null ? new StringBuilder() : word;
            if (quote == 0 && (c == '\'' || c == '"')) {
                quote = c;
            } else if (c == quote) {
                quote = 0;
            } else if (c == '\\' && quote != '\'' && i + 1 < text.length()) {
                char next = text.charAt(++i);
                word.append(next == '_' ? ' ' : next);
            } else {
                word.append(c);
            }
        }
        if (word != null) {
            words.add(word.toString());
        }
        return words;
    }
}
