package dev.moka.cli.mcpserver;

import dev.moka.core.config.Config;
import dev.moka.core.config.toml.ConfigException;
import dev.moka.core.config.ConfigLoader;
import dev.moka.core.config.ConfigOverrides;
import dev.moka.core.session.Rollouts;
import dev.moka.core.session.TurnContext;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The configuration each conversation runs with: config.toml, then the server's own {@code -c} overrides, then
 * what the call asked for, in that order of precedence, as on the command line.
 */
final class CallConfigs {
    private final Path mokaHome;
    private final List<String> serverOverrides;
    private final Map<String, String> env;
    private final Path processCwd;

    CallConfigs(Path mokaHome, List<String> serverOverrides, Map<String, String> env, Path processCwd) {
        this.mokaHome = mokaHome;
        this.serverOverrides = List.copyOf(serverOverrides);
        this.env = Map.copyOf(env);
        this.processCwd = processCwd;
    }

    /** The configuration with the server's overrides alone: checked once at start, so a mistake stops it then. */
    Config server() throws ConfigException {
        return ConfigLoader.load(mokaHome, serverOverrides, ConfigOverrides.NONE, env, processCwd);
    }

    /** The configuration of a new conversation. */
    Config forCall(MokaCall call) throws ConfigException {
        List<String> overrides = new ArrayList<>(serverOverrides);
        overrides.addAll(call.overrides());
        var flags = new ConfigOverrides(call.model(), call.profile(), null, call.cwd() == null ? null
                : Path.of(call.cwd()), call.approvalPolicy(), call.sandbox());
        return ConfigLoader.load(mokaHome, overrides, flags, env, processCwd)
                .withInstructions(call.baseInstructions(), call.developerInstructions());
    }

    /**
     * The configuration of a recorded conversation taken up again: it goes on where it last worked, with the
     * model and permissions it last had, rather than the server's defaults.
     */
    Config forResume(Rollouts.Recorded recorded) throws ConfigException {
        TurnContext last = recorded.lastContext();
        Path cwd = last != null ? last.cwd() : recorded.cwd() == null ? null : Path.of(recorded.cwd());
        if (cwd != null && !Files.isDirectory(cwd)) {
            throw new ConfigException("conversation " + recorded.conversationId() + " worked in " + cwd
                    + ", which is no longer a directory; start a new conversation with the moka tool");
        }
        var flags = last == null ? new ConfigOverrides(null, null, null, cwd, null, null)
                : new ConfigOverrides(last.settings().model().slug(), null, null, cwd, last.approvalPolicy(),
                        last.sandboxPolicy().mode());
        return ConfigLoader.load(mokaHome, serverOverrides, flags, env, processCwd);
    }

    Path mokaHome() {
        return mokaHome;
    }
}
