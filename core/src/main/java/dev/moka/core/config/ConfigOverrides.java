package dev.moka.core.config;

import dev.moka.protocol.AskForApproval;
import dev.moka.protocol.SandboxMode;
import java.nio.file.Path;
import java.util.List;

/**
 * Settings from command-line flags; they win over the file and {@code -c}. Null means not given. {@code oss}
 * asks for a local provider: {@code modelProvider} when given ({@code --local-provider}), else the
 * {@code oss_provider} key, else Ollama; and its default model unless {@code model} is given.
 */
public record ConfigOverrides(
        String model,
        String profile,
        String modelProvider,
        Path cwd,
        AskForApproval approvalPolicy,
        SandboxMode sandboxMode,
        List<Path> addDirs,
        boolean oss) {

    public static final ConfigOverrides NONE = new ConfigOverrides(null, null, null, null, null, null);

    public ConfigOverrides {
        addDirs = addDirs == null ? List.of() : List.copyOf(addDirs);
    }

    /** Flags without {@code --oss}. */
    public ConfigOverrides(String model, String profile, String modelProvider, Path cwd, AskForApproval approvalPolicy,
            SandboxMode sandboxMode, List<Path> addDirs) {
        this(model, profile, modelProvider, cwd, approvalPolicy, sandboxMode, addDirs, false);
    }

    /** Flags with no extra writable directory ({@code --add-dir}) and no {@code --oss}. */
    public ConfigOverrides(String model, String profile, String modelProvider, Path cwd, AskForApproval approvalPolicy,
            SandboxMode sandboxMode) {
        this(model, profile, modelProvider, cwd, approvalPolicy, sandboxMode, List.of(), false);
    }
}
