package dev.moka.cli.completion;

import java.util.List;
import java.util.Optional;
import picocli.CommandLine.Model.CommandSpec;

/** {@code moka completion SHELL}: the completion script of a command tree for one shell. */
public final class ShellCompletions {
    /** The shells a script can be written for. */
    public static final List<String> SHELLS = List.of("bash", "zsh", "fish");

    private ShellCompletions() {}

    /** The script for {@code shell}, empty when it is none of {@link #SHELLS}. */
    public static Optional<String> script(String shell, CommandSpec root) {
        CommandTree tree = CommandTree.of(root);
        return Optional.ofNullable(switch (shell) {
            case "bash" -> BashCompletion.script(tree);
            case "zsh" -> ZshCompletion.script(tree);
            case "fish" -> FishCompletion.script(tree);
            default -> null;
        });
    }
}
