package dev.moka.cli.completion;

import java.util.ArrayList;
import java.util.List;

/**
 * The bash script: {@code _moka} walks the words typed so far through the command tree (skipping options
 * and the values they take), then offers the subcommands, options or values that fit where the cursor is.
 * Three {@code case} tables hold the tree; nothing is global but the functions, so the script also works
 * when bash-completion loads it from inside a function.
 */
final class BashCompletion {
    private BashCompletion() {}

    static String script(CommandTree tree) {
        String root = tree.commands().getFirst().path();
        StringBuilder out = new StringBuilder();
        out.append("# Tab completion of ").append(root).append(" for bash, generated from its command tree by `")
                .append(root).append(" completion bash`.\n")
                .append("# Load it in this shell with:  source <(").append(root).append(" completion bash)\n\n");
        transitions(tree, out);
        specs(tree, out);
        values(tree, out);
        main(root, out);
        return out.toString();
    }

    /** {@code _moka_next PATH WORD}: the path a subcommand word leads to, or nothing. */
    private static void transitions(CommandTree tree, StringBuilder out) {
        String root = tree.commands().getFirst().id();
        out.append('_').append(root).append("_next() {\n    case \"$1|$2\" in\n");
        for (CommandTree.Command command : tree.commands()) {
            for (CommandTree.Subcommand sub : command.subcommands()) {
                List<String> patterns = new ArrayList<>();
                sub.words().forEach(w -> patterns.add("\"" + command.path() + "|" + w + "\""));
                out.append("        ").append(String.join("|", patterns)).append(") echo \"").append(command.path())
                        .append(' ').append(sub.name()).append("\" ;;\n");
            }
        }
        out.append("    esac\n}\n\n");
    }

    /** {@code _moka_spec PATH}: sets the caller's subs, opts, valued and args for that command. */
    private static void specs(CommandTree tree, StringBuilder out) {
        String root = tree.commands().getFirst().id();
        out.append('_').append(root).append("_spec() {\n    case \"$1\" in\n");
        for (CommandTree.Command command : tree.commands()) {
            List<String> subs = new ArrayList<>();
            command.subcommands().forEach(s -> subs.addAll(s.words()));
            List<String> options = new ArrayList<>();
            List<String> valued = new ArrayList<>();
            for (CommandTree.Option option : command.options()) {
                options.addAll(option.names());
                if (!(option.values() instanceof CommandTree.Values.None)) {
                    valued.addAll(option.names());
                }
            }
            out.append("        \"").append(command.path()).append("\")\n")
                    .append("            subs='").append(String.join(" ", subs)).append("'\n")
                    .append("            opts='").append(String.join(" ", options)).append("'\n")
                    .append("            valued=' ").append(String.join(" ", valued)).append(" '\n")
                    .append("            args='").append(argument(command.arguments())).append("' ;;\n");
        }
        out.append("    esac\n}\n\n");
    }

    /** {@code _moka_values PATH OPTION}: fills COMPREPLY with what the option's value can be. */
    private static void values(CommandTree tree, StringBuilder out) {
        String root = tree.commands().getFirst().id();
        out.append('_').append(root).append("_values() {\n    case \"$1|$2\" in\n");
        for (CommandTree.Command command : tree.commands()) {
            for (CommandTree.Option option : command.options()) {
                String reply = reply(option.values());
                if (reply == null) {
                    continue;
                }
                List<String> patterns = new ArrayList<>();
                option.names().forEach(n -> patterns.add("\"" + command.path() + "|" + n + "\""));
                out.append("        ").append(String.join("|", patterns)).append(") ").append(reply).append(" ;;\n");
            }
        }
        out.append("        *) COMPREPLY=() ;;\n    esac\n}\n\n");
    }

    private static String reply(CommandTree.Values values) {
        return switch (values) {
            case CommandTree.Values.None n -> null;
            case CommandTree.Values.Free f -> null;
            case CommandTree.Values.Files f -> "compopt -o filenames 2>/dev/null; COMPREPLY=($(compgen -f -- \"$cur\"))";
            case CommandTree.Values.Dirs d -> "compopt -o filenames 2>/dev/null; COMPREPLY=($(compgen -d -- \"$cur\"))";
            case CommandTree.Values.Choices c -> "COMPREPLY=($(compgen -W '" + String.join(" ", c.words())
                    + "' -- \"$cur\"))";
        };
    }

    /** How the script names what a command's first argument can be. */
    private static String argument(CommandTree.Values values) {
        return switch (values) {
            case CommandTree.Values.None n -> "";
            case CommandTree.Values.Free f -> "";
            case CommandTree.Values.Files f -> "@files";
            case CommandTree.Values.Dirs d -> "@dirs";
            case CommandTree.Values.Choices c -> String.join(" ", c.words());
        };
    }

    private static void main(String root, StringBuilder out) {
        String f = "_" + root.replaceAll("[^A-Za-z0-9]", "_");
        out.append(f).append("() {\n").append("""
                    local cur=${COMP_WORDS[COMP_CWORD]} path=ROOT word next i pending='' last='' rest=''
                    local subs opts valued args
                    COMPREPLY=()
                    for ((i = 1; i < COMP_CWORD; i++)); do
                        word=${COMP_WORDS[i]}
                        if [[ -n $rest ]]; then continue; fi
                        # readline splits --opt=value at the =, so a lone = means a value for the option before.
                        if [[ $word == = && -n $last ]]; then pending=$last; continue; fi
                        if [[ -n $pending ]]; then pending=''; last=''; continue; fi
                        if [[ $word == -- ]]; then rest=1; continue; fi
                        FN_spec "$path"
                        if [[ $word == -* ]]; then
                            last=$word
                            if [[ $valued == *" $word "* ]]; then pending=$word; fi
                            continue
                        fi
                        last=''
                        next=$(FN_next "$path" "$word")
                        if [[ -n $next ]]; then path=$next; fi
                    done
                    if [[ $cur == = && -n $last ]]; then
                        cur=''
                        pending=$last
                    fi
                    FN_spec "$path"
                    if [[ -n $rest ]]; then
                        compopt -o filenames 2>/dev/null
                        COMPREPLY=($(compgen -f -- "$cur"))
                    elif [[ -n $pending ]]; then
                        FN_values "$path" "$pending"
                    elif [[ $cur == -* ]]; then
                        COMPREPLY=($(compgen -W "$opts" -- "$cur"))
                    elif [[ -n $subs ]]; then
                        COMPREPLY=($(compgen -W "$subs" -- "$cur"))
                    elif [[ $args == @files ]]; then
                        compopt -o filenames 2>/dev/null
                        COMPREPLY=($(compgen -f -- "$cur"))
                    elif [[ $args == @dirs ]]; then
                        compopt -o filenames 2>/dev/null
                        COMPREPLY=($(compgen -d -- "$cur"))
                    elif [[ -n $args ]]; then
                        COMPREPLY=($(compgen -W "$args" -- "$cur"))
                    fi
                }

                complete -F FN ROOT
                """.replace("FN", f).replace("ROOT", root));
    }
}
