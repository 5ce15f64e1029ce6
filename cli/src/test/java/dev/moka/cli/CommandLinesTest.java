package dev.moka.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/**
 * A command line whose first argument names a command gets a tree with that command alone; every such command
 * must parse, explain and complete exactly as it does in the whole tree.
 */
class CommandLinesTest {
    @Test
    void eachCommandBuiltAloneIsTheSameAsInTheWholeTree() {
        Map<String, CommandLine> whole = new CommandLine(CommandLines.root(null)).getSubcommands();
        assertThat(whole.keySet()).contains("exec", "e", "review", "fork", "sessions", "doctor", "resume", "login",
                "logout", "models", "sandbox", "trust", "mcp-server", "acp", "mcp", "hooks", "completion");
        for (var named : whole.entrySet()) {
            Map<String, CommandLine> alone = new CommandLine(CommandLines.root(named.getKey())).getSubcommands();
            CommandLine command = alone.get(named.getKey());
            assertThat(command).as(named.getKey()).isNotNull();
            assertThat(command.getCommandName()).isEqualTo(named.getValue().getCommandName());
            assertThat(command.getUsageMessage()).as(named.getKey()).isEqualTo(named.getValue().getUsageMessage());
            assertThat(command.getSubcommands().keySet()).isEqualTo(named.getValue().getSubcommands().keySet());
            // Only the command named (and its alias) is built.
            assertThat(alone.values().stream().distinct()).singleElement().isSameAs(command);
        }
    }

    @Test
    void aLineNamingNoCommandGetsTheWholeTree() {
        var whole = new CommandLine(CommandLines.root(null));
        for (String first : new String[] {"--help", "-m", "fix the build", "exe"}) {
            var tree = new CommandLine(CommandLines.root(first));
            assertThat(tree.getSubcommands().keySet()).as(first).isEqualTo(whole.getSubcommands().keySet());
            assertThat(tree.getUsageMessage()).as(first).isEqualTo(whole.getUsageMessage());
        }
    }
}
