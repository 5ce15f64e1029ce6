package dev.moka.core.exec;

import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Programs that run another program given in their arguments ({@code env FOO=1 rm -rf ~}, {@code nice -n 5
 * make}, {@code xargs rm}): what a command really runs is the wrapped one, so safety is judged on that.
 */
final class CommandWrappers {
    /** For each wrapper, its options that take a separate value (their value must be skipped too). */
    private static final Map<String, Set<String>> OPTIONS_WITH_VALUE = Map.of(
            "env", Set.of("-u", "--unset", "-C", "--chdir", "-S", "--split-string"),
            "nice", Set.of("-n", "--adjustment"),
            "nohup", Set.of(),
            "timeout", Set.of("-s", "--signal", "-k", "--kill-after"),
            "stdbuf", Set.of("-i", "-o", "-e"),
            "time", Set.of("-f", "--format", "-o", "--output"),
            "command", Set.of(),
            "exec", Set.of("-a"),
            "xargs", Set.of("-I", "-n", "-P", "-L", "-d", "-E", "-s", "-a", "--arg-file", "--delimiter",
                    "--max-args", "--max-procs", "--max-lines", "--replace"));

    private CommandWrappers() {}

    static boolean isWrapper(String program) {
        return OPTIONS_WITH_VALUE.containsKey(baseName(program));
    }

    /**
     * The command {@code words} runs when its program is a wrapper: an empty list when it runs nothing but
     * itself ({@code env} alone prints, {@code xargs} alone runs {@code echo}); null when it is not a wrapper.
     */
    static List<String> wrapped(List<String> words) {
        String name = baseName(words.getFirst());
        Set<String> withValue = OPTIONS_WITH_VALUE.get(name);
        if (withValue == null) {
            return null;
        }
        int i = 1;
        boolean durationPending = name.equals("timeout");
        while (i < words.size()) {
            String word = words.get(i);
            if (word.equals("--")) {
                i++;
                break;
            }
            if (word.startsWith("-") && word.length() > 1) {
                i += withValue.contains(word) ? 2 : 1;
            } else if (name.equals("env") && word.contains("=")) {
                i++;
            } else if (durationPending) {
                durationPending = false;
                i++;
            } else {
                break;
            }
        }
        return i >= words.size() ? List.of() : List.copyOf(words.subList(i, words.size()));
    }

    static String baseName(String program) {
        return program.substring(program.lastIndexOf('/') + 1);
    }
}
