package dev.moka.core.config;

import dev.moka.core.sandbox.LinuxSandbox;
import java.nio.file.Path;

/**
 * How the sandbox is enforced, beyond the policy itself: {@code sandbox_linux}, {@code
 * sandbox_workspace_write.allow_git_writes}, and the trust of the project (its root is the directory the
 * trust entry names, or would name).
 */
public record SandboxOptions(LinuxSandbox linux, boolean allowGitWrites, ProjectTrust trust, Path projectRoot) {
    public static final SandboxOptions DEFAULTS = new SandboxOptions(LinuxSandbox.AUTO, false, ProjectTrust.UNKNOWN,
            null);
}
