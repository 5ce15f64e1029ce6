package dev.moka.cli.completion;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Model.ArgSpec;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Model.PositionalParamSpec;

/**
 * The command tree as the completion scripts need it, read from picocli's specs: every command by its path
 * of names ({@code moka exec resume}), its subcommands with their aliases, its options and what their values
 * can be. The scripts are generated from this, so a flag added to a command is completed without more work.
 */
record CommandTree(List<Command> commands) {
    CommandTree {
        commands = List.copyOf(commands);
    }

    /** What an option's value or a positional argument can be. */
    sealed interface Values {
        /** A flag: no value follows. */
        record None() implements Values {}

        /** Free text (a model name, a prompt): nothing to offer. */
        record Free() implements Values {}

        record Files() implements Values {}

        record Dirs() implements Values {}

        /** One of a fixed set of words. */
        record Choices(List<String> words) implements Values {
            public Choices {
                words = List.copyOf(words);
            }
        }
    }

    record Option(List<String> names, String description, Values values) {
        Option {
            names = List.copyOf(names);
        }
    }

    record Subcommand(String name, List<String> aliases, String description) {
        Subcommand {
            aliases = List.copyOf(aliases);
        }

        /** The name and its aliases, each a word that selects this subcommand. */
        List<String> words() {
            List<String> all = new ArrayList<>(List.of(name));
            all.addAll(aliases);
            return all;
        }
    }

    /** One command: {@code path} is its names from the root, joined by spaces. */
    record Command(String path, List<Subcommand> subcommands, List<Option> options, Values arguments) {
        Command {
            subcommands = List.copyOf(subcommands);
            options = List.copyOf(options);
        }

        /** The function-name-safe form of the path: {@code moka_exec_resume}. */
        String id() {
            return path.replaceAll("[^A-Za-z0-9]", "_");
        }
    }

    static CommandTree of(CommandSpec root) {
        List<Command> out = new ArrayList<>();
        walk(root, root.name(), out);
        return new CommandTree(out);
    }

    private static void walk(CommandSpec spec, String path, List<Command> out) {
        List<Subcommand> subs = new ArrayList<>();
        List<String> seen = new ArrayList<>();
        // picocli lists a subcommand once under its name and once under each alias.
        spec.subcommands().forEach((word, sub) -> {
            CommandSpec child = sub.getCommandSpec();
            if (!seen.contains(child.name())) {
                seen.add(child.name());
                subs.add(new Subcommand(child.name(), List.of(child.aliases()), summary(child.usageMessage()
                        .description())));
            }
        });
        List<Option> options = new ArrayList<>();
        for (OptionSpec option : spec.options()) {
            if (!option.hidden()) {
                options.add(new Option(List.of(option.names()), summary(option.description()), values(option)));
            }
        }
        Values arguments = new Values.Free();
        for (PositionalParamSpec positional : spec.positionalParameters()) {
            if (positional.index().min() == 0) {
                arguments = values(positional);
            }
        }
        out.add(new Command(path, subs, options, arguments));
        for (Subcommand sub : subs) {
            walk(spec.subcommands().get(sub.name()).getCommandSpec(), path + " " + sub.name(), out);
        }
    }

    private static Values values(ArgSpec arg) {
        if (arg instanceof OptionSpec option && option.arity().max() == 0) {
            return new Values.None();
        }
        if (arg.completionCandidates() != null) {
            List<String> words = new ArrayList<>();
            arg.completionCandidates().forEach(words::add);
            return new Values.Choices(words);
        }
        Class<?>[] types = arg.auxiliaryTypes();
        Class<?> type = types.length > 0 ? types[0] : arg.type();
        if (Path.class.equals(type)) {
            return arg.paramLabel().equals("DIR") ? new Values.Dirs() : new Values.Files();
        }
        return new Values.Free();
    }

    /** The first sentence of a description: enough for a completion menu. */
    private static String summary(String[] description) {
        String text = description.length == 0 ? "" : String.join(" ", description).strip();
        int end = text.indexOf(". ");
        String first = end < 0 ? text : text.substring(0, end + 1);
        return first.endsWith(".") ? first.substring(0, first.length() - 1) : first;
    }
}
