package dev.moka.core.config;

import dev.moka.core.config.toml.ConfigException;
import dev.moka.core.config.toml.ConfigNode;
import dev.moka.core.config.toml.ConfigValues;
import dev.moka.core.config.trust.ProjectTrust;
import dev.moka.core.exec.ProcessRunner;
import dev.moka.core.sandbox.LinuxSandbox;
import java.nio.file.Path;

/**
 * How the sandbox is enforced, beyond the policy itself: {@code sandbox_linux}, {@code
 * sandbox_workspace_write.allow_git_writes}, and the trust of the project (its root is the directory the
 * trust entry names, or would name). {@code policyChosen}: whether {@code sandbox_mode} or {@code
 * approval_policy} was set (in the file, a profile, {@code -c} or a flag), so the person has already said
 * what commands may do and is not asked whether to trust the project (as Codex does). {@code maxProcesses}
 * ({@code max_processes}): how many processes and threads one command's tree may have at once.
 */
public record SandboxOptions(LinuxSandbox linux, boolean allowGitWrites, ProjectTrust trust, Path projectRoot,
        boolean policyChosen, int maxProcesses) {
    public static final SandboxOptions DEFAULTS = new SandboxOptions(LinuxSandbox.AUTO, false, ProjectTrust.UNKNOWN,
            null, false, ProcessRunner.DEFAULT_MAX_PROCESSES);

    /** {@code max_processes}: a positive count, or the default when not set. */
    static int maxProcesses(ConfigNode node) throws ConfigException {
        Long value = ConfigValues.integer(node);
        if (value == null) {
            return ProcessRunner.DEFAULT_MAX_PROCESSES;
        }
        if (value < 8 || value > 4_194_304) {
            throw node.error("must be between 8 and 4194304 (processes and threads one command may have at once)");
        }
        return value.intValue();
    }
}
