package dev.moka.cli.commands;

import java.util.List;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;

/** The parts every command's picocli spec is built from, shared by the command tree and the commands here. */
public final class CommandSpecs {
    private CommandSpecs() {}

    public static OptionSpec configOption() {
        return OptionSpec.builder("-c", "--config").paramLabel("KEY=VALUE").type(List.class)
                .auxiliaryTypes(String.class).description("Override a config.toml key.").build();
    }

    /**
     * A command with --help and --version. picocli's own mixinStandardHelpOptions declares those two with
     * annotations on a class of its own, and reading them back by reflection (proxies for each annotation
     * type, for every command) took most of the time before Moka's config was even read.
     */
    public static CommandSpec command(String name, String description) {
        CommandSpec spec = CommandSpec.create().name(name);
        spec.addOption(OptionSpec.builder("-h", "--help").usageHelp(true).type(boolean.class)
                .description("Show this help message and exit.").build());
        spec.addOption(OptionSpec.builder("-V", "--version").versionHelp(true).type(boolean.class)
                .description("Print version information and exit.").build());
        spec.usageMessage().description(description);
        return spec;
    }
}
