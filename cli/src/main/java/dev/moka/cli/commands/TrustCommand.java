package dev.moka.cli.commands;

import dev.moka.cli.Startup;
import dev.moka.core.config.ConfigLoader;
import dev.moka.core.config.MokaHome;
import dev.moka.core.config.toml.ConfigException;
import dev.moka.core.config.trust.ProjectRoots;
import dev.moka.core.config.trust.ProjectTrustWriter;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** {@code moka trust [--untrust] [DIR]}: records in config.toml whether the project at DIR is trusted. */
public final class TrustCommand {
    private final Startup startup;

    public TrustCommand(Startup startup) {
        this.startup = startup;
    }

    public int run(String dir, boolean untrust) {
        Path target = dir == null ? startup.processCwd() : startup.processCwd().resolve(dir);
        if (!Files.isDirectory(target)) {
            startup.err().println("moka: trust: " + target + " is not a directory");
            return ExitCodes.USAGE;
        }
        Path root;
        try {
            root = ProjectRoots.trustRoot(target.toRealPath());
        } catch (IOException e) {
            startup.err().println("moka: trust: cannot resolve " + target + ": " + e.getMessage());
            return ExitCodes.FAILED;
        }
        Path config = MokaHome.resolve(startup.env()).resolve(ConfigLoader.CONFIG_FILE);
        String level = untrust ? "untrusted" : "trusted";
        try {
            ProjectTrustWriter.Outcome outcome = ProjectTrustWriter.write(config, root, level);
            startup.err().println(switch (outcome) {
                case UNCHANGED -> root + " is already " + level + " in " + config;
                case ADDED_TABLE, ADDED_LINE, CHANGED -> "marked " + root + " as " + level + " in " + config;
            });
            return ExitCodes.OK;
        } catch (ConfigException | IOException e) {
            startup.err().println("moka: trust: " + e.getMessage());
            return ExitCodes.FAILED;
        }
    }
}
