package dev.moka.cli.completion;

import java.util.ArrayList;
import java.util.List;

/**
 * The fish script: {@code __moka_path} walks the tokens before the cursor through the command tree, and one
 * {@code complete} line per subcommand, option and argument applies only where that path is reached.
 */
final class FishCompletion {
    private FishCompletion() {}

    static String script(CommandTree tree) {
        String root = tree.commands().getFirst().path();
        String f = "__" + tree.commands().getFirst().id();
        StringBuilder out = new StringBuilder();
        out.append("# Tab completion of ").append(root).append(" for fish, generated from its command tree by `")
                .append(root).append(" completion fish`.\n# Load it in this shell with:  ").append(root)
                .append(" completion fish | source\n\n");
        out.append("function ").append(f).append("_next\n    switch \"$argv[1]|$argv[2]\"\n");
        for (CommandTree.Command command : tree.commands()) {
            for (CommandTree.Subcommand sub : command.subcommands()) {
                List<String> patterns = new ArrayList<>();
                sub.words().forEach(w -> patterns.add(quote(command.path() + "|" + w)));
                out.append("        case ").append(String.join(" ", patterns)).append("\n            echo ")
                        .append(quote(command.path() + " " + sub.name())).append('\n');
            }
        }
        out.append("    end\nend\n\n");
        out.append("function ").append(f).append("_valued\n    switch \"$argv[1]|$argv[2]\"\n");
        List<String> valued = new ArrayList<>();
        for (CommandTree.Command command : tree.commands()) {
            for (CommandTree.Option option : command.options()) {
                if (!(option.values() instanceof CommandTree.Values.None)) {
                    option.names().forEach(n -> valued.add(quote(command.path() + "|" + n)));
                }
            }
        }
        out.append("        case ").append(String.join(" ", valued)).append("\n            return 0\n    end\n")
                .append("    return 1\nend\n\n");
        out.append("""
                # The command the tokens before the cursor name: ROOT, ROOT exec, ROOT exec resume, ...
                function FN_path
                    set -l cmdpath ROOT
                    set -l pending 0
                    for word in (commandline -opc)[2..-1]
                        if test $pending = 1
                            set pending 0
                        else if test "$word" = --
                            break
                        else if string match -q -- '-*' $word
                            if not string match -q -- '*=*' $word; and FN_valued $cmdpath $word
                                set pending 1
                            end
                        else
                            set -l next (FN_next $cmdpath $word)
                            test -n "$next"; and set cmdpath $next
                        end
                    end
                    echo $cmdpath
                end

                function FN_at
                    test (FN_path) = "$argv[1]"
                end

                complete -c ROOT -f
                """.replace("FN", f).replace("ROOT", root));
        for (CommandTree.Command command : tree.commands()) {
            String at = " -n " + quote(f + "_at '" + command.path() + "'");
            for (CommandTree.Subcommand sub : command.subcommands()) {
                for (String word : sub.words()) {
                    out.append("complete -c ").append(root).append(at).append(" -a ").append(quote(word))
                            .append(" -d ").append(quote(sub.description())).append('\n');
                }
            }
            for (CommandTree.Option option : command.options()) {
                out.append("complete -c ").append(root).append(at);
                for (String name : option.names()) {
                    out.append(name.startsWith("--") ? " -l " + name.substring(2) : " -s " + name.substring(1));
                }
                out.append(switch (option.values()) {
                    case CommandTree.Values.None n -> "";
                    case CommandTree.Values.Free free -> " -x";
                    case CommandTree.Values.Files files -> " -r -F";
                    case CommandTree.Values.Dirs dirs -> " -x -a '(__fish_complete_directories)'";
                    case CommandTree.Values.Choices c -> " -x -a " + quote(String.join(" ", c.words()));
                });
                out.append(" -d ").append(quote(option.description())).append('\n');
            }
            String arguments = switch (command.arguments()) {
                case CommandTree.Values.None n -> null;
                case CommandTree.Values.Free free -> null;
                case CommandTree.Values.Files files -> " -F";
                case CommandTree.Values.Dirs dirs -> " -a '(__fish_complete_directories)'";
                case CommandTree.Values.Choices c -> " -a " + quote(String.join(" ", c.words()));
            };
            if (arguments != null) {
                out.append("complete -c ").append(root).append(at).append(arguments).append('\n');
            }
        }
        return out.toString();
    }

    private static String quote(String text) {
        return "'" + text.replace("\\", "\\\\").replace("'", "\\'") + "'";
    }
}
