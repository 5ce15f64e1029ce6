package dev.moka.core.exec;

import java.util.ArrayList;
import java.util.List;

/**
 * A program's arguments read the way its option parser reads them: which options it sees (each with its
 * value) and which words are operands. Reading fails on anything the {@link OptionSpec} does not describe,
 * since a word we cannot place might be an option we never heard of.
 *
 * @param options  the options in order, named {@code -o} or {@code --output} (long ones by full name)
 * @param operands the words that are not options; for a spec that stops at an operand, every word from
 *                 the first operand on (the command it runs)
 */
record OptionScan(List<Option> options, List<String> operands) {

    /** One option as the program sees it; {@code value} is null for a flag. */
    record Option(String name, String value) {}

    /** Reads {@code args} (the words after the program) under {@code spec}; null when something is unknown. */
    static OptionScan read(OptionSpec spec, List<String> args) {
        List<Option> options = new ArrayList<>();
        List<String> operands = new ArrayList<>();
        int i = 0;
        while (i < args.size()) {
            String word = args.get(i);
            if (word.equals("--")) {
                operands.addAll(args.subList(i + 1, args.size()));
                break;
            }
            if (!word.startsWith("-") || word.equals("-")) {
                if (!spec.permutes()) {
                    operands.addAll(args.subList(i, args.size()));
                    break;
                }
                operands.add(word);
                i++;
                continue;
            }
            String next = i + 1 < args.size() ? args.get(i + 1) : null;
            int used = word.startsWith("--") ? longOption(spec, word, next, options)
                    : shortOptions(spec, word, next, options);
            if (used == 0) {
                return null;
            }
            i += used;
        }
        return new OptionScan(List.copyOf(options), List.copyOf(operands));
    }

    /** Whether an option of this name was given. */
    boolean has(String name) {
        return options.stream().anyMatch(option -> option.name().equals(name));
    }

    /** Reads one {@code --name[=value]}; returns how many words it used, 0 when it is unknown or malformed. */
    private static int longOption(OptionSpec spec, String word, String next, List<Option> out) {
        int eq = word.indexOf('=');
        String name = spec.resolve(eq < 0 ? word.substring(2) : word.substring(2, eq));
        if (name == null) {
            return 0;
        }
        String attached = eq < 0 ? null : word.substring(eq + 1);
        return switch (spec.longs().get(name)) {
            case NONE -> {
                out.add(new Option("--" + name, null));
                yield attached == null ? 1 : 0;
            }
            case OPTIONAL -> {
                out.add(new Option("--" + name, attached));
                yield 1;
            }
            case REQUIRED -> {
                out.add(new Option("--" + name, attached != null ? attached : next));
                yield attached != null ? 1 : next != null ? 2 : 0;
            }
        };
    }

    /** Reads a cluster such as {@code -la} or {@code -uoFILE}; returns the words used, 0 on an unknown letter. */
    private static int shortOptions(OptionSpec spec, String word, String next, List<Option> out) {
        for (int j = 1; j < word.length(); j++) {
            char letter = word.charAt(j);
            String name = "-" + letter;
            String rest = word.substring(j + 1);
            if (spec.flags().indexOf(letter) >= 0) {
                out.add(new Option(name, null));
            } else if (spec.valued().indexOf(letter) >= 0) {
                if (rest.isEmpty() && next == null) {
                    return 0;
                }
                out.add(new Option(name, rest.isEmpty() ? next : rest));
                return rest.isEmpty() ? 2 : 1;
            } else if (spec.optional().indexOf(letter) >= 0) {
                out.add(new Option(name, rest.isEmpty() ? null : rest));
                return 1;
            } else {
                return 0;
            }
        }
        return 1;
    }
}
