package dev.moka.core.exec;

import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The options one program reads, in the shape GNU {@code getopt_long} gives them: single-letter flags that
 * combine ({@code -la}), letters that take a value attached or in the next word ({@code -n5}, {@code -n 5}),
 * and long options, which getopt lets a person abbreviate to any unique beginning ({@code --se} is
 * {@code --set}).
 *
 * @param flags       letters that take no value
 * @param valued      letters that take a value, attached or in the next word
 * @param optional    letters whose value, when there is one, is attached ({@code git status -uno})
 * @param longs       long option names (without the dashes) and whether each takes a value
 * @param abbreviable whether a unique beginning of a long option stands for it; true only where
 *                    {@code longs} names every option that writes or runs something, else an abbreviation
 *                    could mean one we never heard of
 * @param permutes    whether options may follow operands (GNU programs); false for programs that run the
 *                    rest of their words as a command ({@code env}, {@code nice}), where the first operand
 *                    ends the options
 */
record OptionSpec(String flags, String valued, String optional, Map<String, Arity> longs, boolean abbreviable,
        boolean permutes) {

    /** Whether a long option takes a value. */
    enum Arity {
        /** {@code --all}; {@code --all=x} is an error. */
        NONE,
        /** {@code --output=F} or {@code --output F}. */
        REQUIRED,
        /** {@code --color} or {@code --color=never}, never a separate word. */
        OPTIONAL
    }

    OptionSpec {
        longs = Map.copyOf(longs);
    }

    /**
     * A GNU program: long options written {@code "name"} (no value), {@code "name="} (a value) or
     * {@code "name[=]"} (an optional attached value).
     */
    static OptionSpec gnu(String flags, String valued, String... longs) {
        return new OptionSpec(flags, valued, "", parseLongs(longs), true, true);
    }

    /** The same options, where only exact long names are accepted. */
    OptionSpec exact() {
        return new OptionSpec(flags, valued, optional, longs, false, permutes);
    }

    /** The same options, where the first operand ends them (it is the command to run). */
    OptionSpec stopsAtOperand() {
        return new OptionSpec(flags, valued, optional, longs, abbreviable, false);
    }

    /** The same options, with {@code letters} taking an optional attached value. */
    OptionSpec optionalValues(String letters) {
        return new OptionSpec(flags, valued, optional + letters, longs, abbreviable, permutes);
    }

    /**
     * The full name of a long option given as {@code given} (no dashes), or null when it names none or,
     * abbreviated, more than one: getopt refuses an ambiguous abbreviation, and so do we.
     */
    String resolve(String given) {
        if (longs.containsKey(given)) {
            return given;
        }
        if (!abbreviable || given.isEmpty()) {
            return null;
        }
        List<String> candidates = longs.keySet().stream().filter(name -> name.startsWith(given)).toList();
        return candidates.size() == 1 ? candidates.getFirst() : null;
    }

    private static Map<String, Arity> parseLongs(String... specs) {
        Map<String, Arity> out = new LinkedHashMap<>();
        Arrays.stream(specs).forEach(spec -> {
            if (spec.endsWith("[=]")) {
                out.put(spec.substring(0, spec.length() - 3), Arity.OPTIONAL);
            } else if (spec.endsWith("=")) {
                out.put(spec.substring(0, spec.length() - 1), Arity.REQUIRED);
            } else {
                out.put(spec, Arity.NONE);
            }
        });
        return out;
    }
}
