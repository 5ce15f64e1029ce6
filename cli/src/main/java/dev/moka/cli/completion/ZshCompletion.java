package dev.moka.cli.completion;

import java.util.ArrayList;
import java.util.List;

/**
 * The zsh script: the same walk as bash's over {@code words} up to {@code CURRENT}, then {@code _describe}
 * with each subcommand's and option's description, {@code _files} for paths. It works both as an autoloaded
 * {@code _moka} in {@code $fpath} and sourced after {@code compinit}.
 */
final class ZshCompletion {
    private ZshCompletion() {}

    static String script(CommandTree tree) {
        String root = tree.commands().getFirst().path();
        String f = "_" + tree.commands().getFirst().id();
        StringBuilder out = new StringBuilder("#compdef ").append(root).append('\n');
        out.append("# Tab completion of ").append(root).append(" for zsh, generated from its command tree by `")
                .append(root).append(" completion zsh`.\n# Load it after compinit with:  source <(").append(root)
                .append(" completion zsh)\n\n");
        out.append(f).append("_next() {\n    case \"$1|$2\" in\n");
        for (CommandTree.Command command : tree.commands()) {
            for (CommandTree.Subcommand sub : command.subcommands()) {
                List<String> patterns = new ArrayList<>();
                sub.words().forEach(w -> patterns.add("\"" + command.path() + "|" + w + "\""));
                out.append("        ").append(String.join("|", patterns)).append(") REPLY=\"").append(command.path())
                        .append(' ').append(sub.name()).append("\" ;;\n");
            }
        }
        out.append("        *) REPLY='' ;;\n    esac\n}\n\n");
        specs(tree, f, out);
        values(tree, f, out);
        out.append(f).append("() {\n").append("""
                    local cmdpath=ROOT word i pending='' rest='' REPLY valued args cur
                    local -a subs opts
                    for ((i = 2; i < CURRENT; i++)); do
                        word=${words[i]}
                        [[ -n $rest ]] && continue
                        if [[ -n $pending ]]; then pending=''; continue; fi
                        if [[ $word == -- ]]; then rest=1; continue; fi
                        FN_spec $cmdpath
                        if [[ $word == -* ]]; then
                            [[ $word != *=* && $valued == *" $word "* ]] && pending=$word
                            continue
                        fi
                        FN_next $cmdpath $word
                        [[ -n $REPLY ]] && cmdpath=$REPLY
                    done
                    cur=${words[CURRENT]}
                    FN_spec $cmdpath
                    if [[ -n $rest ]]; then
                        _files
                    elif [[ -n $pending ]]; then
                        FN_values $cmdpath $pending
                    elif [[ $cur == -*=* ]]; then
                        compset -P '*='
                        FN_values $cmdpath ${cur%%=*}
                    elif [[ $cur == -* ]]; then
                        _describe -t options option opts
                    elif (( $#subs )); then
                        _describe -t commands command subs
                    elif [[ $args == @files ]]; then
                        _files
                    elif [[ $args == @dirs ]]; then
                        _files -/
                    elif [[ -n $args ]]; then
                        compadd -- ${=args}
                    fi
                }

                if [[ $zsh_eval_context[-1] == loadautofunc ]]; then
                    FN "$@"
                else
                    compdef FN ROOT
                fi
                """.replace("FN", f).replace("ROOT", root));
        return out.toString();
    }

    /** {@code _moka_spec PATH}: sets the caller's subs and opts (name:description), valued and args. */
    private static void specs(CommandTree tree, String f, StringBuilder out) {
        out.append(f).append("_spec() {\n    case \"$1\" in\n");
        for (CommandTree.Command command : tree.commands()) {
            List<String> subs = new ArrayList<>();
            command.subcommands().forEach(s -> s.words().forEach(w -> subs.add(quote(w + ":" + s.description()))));
            List<String> options = new ArrayList<>();
            List<String> valued = new ArrayList<>();
            for (CommandTree.Option option : command.options()) {
                option.names().forEach(n -> options.add(quote(n + ":" + option.description())));
                if (!(option.values() instanceof CommandTree.Values.None)) {
                    valued.addAll(option.names());
                }
            }
            out.append("        \"").append(command.path()).append("\")\n")
                    .append("            subs=(").append(String.join(" ", subs)).append(")\n")
                    .append("            opts=(").append(String.join(" ", options)).append(")\n")
                    .append("            valued=' ").append(String.join(" ", valued)).append(" '\n")
                    .append("            args=").append(quote(switch (command.arguments()) {
                        case CommandTree.Values.Files files -> "@files";
                        case CommandTree.Values.Dirs dirs -> "@dirs";
                        case CommandTree.Values.Choices c -> String.join(" ", c.words());
                        case CommandTree.Values.None n -> "";
                        case CommandTree.Values.Free free -> "";
                    })).append(" ;;\n");
        }
        out.append("    esac\n}\n\n");
    }

    private static void values(CommandTree tree, String f, StringBuilder out) {
        out.append(f).append("_values() {\n    case \"$1|$2\" in\n");
        for (CommandTree.Command command : tree.commands()) {
            for (CommandTree.Option option : command.options()) {
                String action = switch (option.values()) {
                    case CommandTree.Values.None n -> null;
                    case CommandTree.Values.Free free -> null;
                    case CommandTree.Values.Files files -> "_files";
                    case CommandTree.Values.Dirs dirs -> "_files -/";
                    case CommandTree.Values.Choices c -> "compadd -- " + String.join(" ", c.words());
                };
                if (action != null) {
                    List<String> patterns = new ArrayList<>();
                    option.names().forEach(n -> patterns.add("\"" + command.path() + "|" + n + "\""));
                    out.append("        ").append(String.join("|", patterns)).append(") ").append(action)
                            .append(" ;;\n");
                }
            }
        }
        out.append("    esac\n}\n\n");
    }

    /** Single-quoted for zsh, colons in a name left alone ({@code _describe} splits at the first). */
    private static String quote(String text) {
        return "'" + text.replace("'", "'\\''") + "'";
    }
}
