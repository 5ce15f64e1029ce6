package dev.moka.core.config;

import dev.moka.core.sandbox.LinuxSandbox;
import java.nio.file.Path;

/**
 * How the sandbox is enforced, beyond the policy itself: {@code sandbox_linux}, {@code
 * sandbox_workspace_write.allow_git_writes}, and the trust of the project (its root is the directory the
 * trust entry names, or would name). {@code policyChosen}: whether {@code sandbox_mode} or {@code
 * approval_policy} was set (in the file, a profile, {@code -c} or a flag), so the person has already said
 * what commands may do and is not asked whether to trust the project (as Codex does).
 */
public record SandboxOptions(LinuxSandbox linux, boolean allowGitWrites, ProjectTrust trust, Path projectRoot,
        boolean policyChosen) {
    public static final SandboxOptions DEFAULTS = new SandboxOptions(LinuxSandbox.AUTO, false, ProjectTrust.UNKNOWN,
            null, false);
}
