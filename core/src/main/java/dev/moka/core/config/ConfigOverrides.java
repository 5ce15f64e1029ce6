package dev.moka.core.config;

import dev.moka.protocol.AskForApproval;
import dev.moka.protocol.SandboxMode;
import java.nio.file.Path;
import java.util.List;

/** Settings from command-line flags; they win over the file and {@code -c}. Null means not given. */
public record ConfigOverrides(
        String model,
        String profile,
        String modelProvider,
        Path cwd,
        AskForApproval approvalPolicy,
        SandboxMode sandboxMode,
        List<Path> addDirs) {

    public static final ConfigOverrides NONE = new ConfigOverrides(null, null, null, null, null, null);

    public ConfigOverrides {
        addDirs = addDirs == null ? List.of() : List.copyOf(addDirs);
    }

    /** Flags with no extra writable directory ({@code --add-dir}). */
    public ConfigOverrides(String model, String profile, String modelProvider, Path cwd, AskForApproval approvalPolicy,
            SandboxMode sandboxMode) {
        this(model, profile, modelProvider, cwd, approvalPolicy, sandboxMode, List.of());
    }
}
