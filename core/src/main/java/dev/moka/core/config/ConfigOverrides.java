package dev.moka.core.config;

import dev.moka.protocol.AskForApproval;
import dev.moka.protocol.SandboxMode;
import java.nio.file.Path;

/** Settings from command-line flags; they win over the file and {@code -c}. Null means not given. */
public record ConfigOverrides(
        String model,
        String profile,
        String modelProvider,
        Path cwd,
        AskForApproval approvalPolicy,
        SandboxMode sandboxMode) {

    public static final ConfigOverrides NONE = new ConfigOverrides(null, null, null, null, null, null);
}
