package dev.moka.cli.commands;

import dev.moka.cli.Startup;
import dev.moka.core.config.Config;
import dev.moka.core.config.ConfigLoader;
import dev.moka.core.config.ConfigOverrides;
import dev.moka.core.config.MokaHome;
import dev.moka.core.config.toml.ConfigException;
import dev.moka.core.exec.ProcessRunner;
import dev.moka.core.sandbox.Confinement;
import dev.moka.core.sandbox.LinuxSandbox;
import dev.moka.core.sandbox.SandboxDoctor;
import dev.moka.core.sandbox.SandboxLauncher;
import dev.moka.core.sandbox.SandboxRules;
import dev.moka.core.sandbox.SandboxUnavailableException;
import dev.moka.core.sandbox.Terminal;
import dev.moka.protocol.AskForApproval;
import dev.moka.protocol.SandboxMode;
import dev.moka.protocol.SandboxPolicy;
import dev.moka.protocol.WireEnum;
import java.io.IOException;
import java.util.List;
import java.util.Map;

/**
 * {@code moka sandbox linux [-s MODE | --full-auto] [-c KEY=VALUE]... -- CMD...} runs a command exactly as the
 * agent's commands run (same sandbox, same environment), and {@code moka sandbox doctor} says what can
 * enforce a sandbox here.
 */
public final class SandboxCommand {
    private final Startup startup;

    public SandboxCommand(Startup startup) {
        this.startup = startup;
    }

    public int doctor(List<String> overrides) {
        Config config;
        try {
            config = load(overrides, null);
        } catch (ConfigException e) {
            startup.err().println("moka: " + e.getMessage());
            return ExitCodes.USAGE;
        }
        // What a workspace-write command could do here, so the report names what Landlock cannot protect.
        SandboxPolicy workspace = config.sandboxPolicy() instanceof SandboxPolicy.WorkspaceWrite w ? w
                : new SandboxPolicy.WorkspaceWrite(List.of(), false, false, false);
        SandboxRules here = SandboxRules.of(workspace, config.cwd(), startup.env(), config.mokaHome(),
                allowGitWrites(config));
        String unbounded = ProcessRunner.processBoundProblem();
        SandboxDoctor.Check processes = unbounded == null
                ? new SandboxDoctor.Check("processes", true, "each command may have at most "
                        + config.sandbox().maxProcesses() + " processes and threads (max_processes), in a cgroup of"
                        + " its own", null)
                : new SandboxDoctor.Check("processes", false, "commands run with no bound on their processes, so a"
                        + " fork bomb can take the machine down, and a child that left its process group (setsid) can"
                        + " outlive its session: " + unbounded, "run Moka as root or in a delegated cgroup subtree");
        SandboxDoctor.Report report = SandboxDoctor.diagnose(linux(config), here).with(processes);
        startup.out().print(report.render());
        startup.out().flush();
        return report.enforceable() ? ExitCodes.OK : ExitCodes.FAILED;
    }

    public int linux(String sandbox, boolean fullAuto, List<String> overrides, List<String> command) {
        if (command.isEmpty()) {
            startup.err().println("moka: sandbox linux needs a command after --, e.g. moka sandbox linux -- ls");
            return ExitCodes.USAGE;
        }
        if (sandbox != null && fullAuto) {
            startup.err().println("moka: --full-auto already means --sandbox workspace-write; give one of them");
            return ExitCodes.USAGE;
        }
        SandboxMode mode = fullAuto ? SandboxMode.WORKSPACE_WRITE : null;
        if (sandbox != null) {
            mode = WireEnum.parse(SandboxMode.class, sandbox).orElse(null);
            if (mode == null) {
                startup.err().println("moka: --sandbox: unknown mode \"" + sandbox + "\"; expected one of "
                        + WireEnum.choices(SandboxMode.class));
                return ExitCodes.USAGE;
            }
        }
        Config config;
        try {
            config = load(overrides, mode);
        } catch (ConfigException e) {
            startup.err().println("moka: " + e.getMessage());
            return ExitCodes.USAGE;
        }
        Map<String, String> env = config.tools().environmentPolicy().apply(startup.env());
        SandboxRules rules = SandboxRules.of(config.sandboxPolicy(), config.cwd(), env, config.mokaHome(),
                allowGitWrites(config));
        var launcher = new SandboxLauncher(linux(config), note -> startup.err().println("moka: " + note));
        Confinement confinement;
        try {
            confinement = launcher.confine(rules);
        } catch (SandboxUnavailableException e) {
            startup.err().println("moka: the " + config.sandboxPolicy().mode().wire() + " sandbox cannot start: "
                    + e.getMessage());
            return ExitCodes.FAILED;
        }
        startup.hardened();
        var builder = new ProcessBuilder(command).directory(config.cwd().toFile()).inheritIO();
        builder.environment().clear();
        builder.environment().putAll(env);
        try {
            return confinement.start(builder,
                    System.console() != null ? new Terminal.Inherited() : Terminal.none()).waitFor();
        } catch (IOException e) {
            startup.err().println("moka: cannot run " + command.getFirst() + ": " + e.getMessage());
            return 127;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return ExitCodes.FAILED;
        }
    }

    private Config load(List<String> overrides, SandboxMode mode) throws ConfigException {
        return ConfigLoader.load(MokaHome.resolve(startup.env()), overrides,
                new ConfigOverrides(null, null, null, null, AskForApproval.NEVER, mode), startup.env(),
                startup.processCwd());
    }

    private static LinuxSandbox linux(Config config) {
        return config.sandbox().linux();
    }

    private static boolean allowGitWrites(Config config) {
        return config.sandbox().allowGitWrites();
    }
}
