package dev.moka.core.sandbox;

import dev.moka.protocol.SandboxPolicy;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * What a command may do, resolved for one working directory: reading is allowed everywhere; writing only
 * below the writable roots (outside their protected paths) unless {@code fullAccess}; network only when
 * {@code network}.
 *
 * @param fullAccess no sandbox at all ({@code danger-full-access})
 */
public record SandboxRules(List<WritableRoot> writableRoots, boolean network, boolean fullAccess) {
    public SandboxRules {
        writableRoots = List.copyOf(writableRoots);
    }

    public static final SandboxRules FULL_ACCESS = new SandboxRules(List.of(), true, true);

    /** Placeholder until the mechanisms land. */
    public static SandboxRules of(SandboxPolicy policy, Path cwd, Map<String, String> env, Path mokaHome,
            boolean allowGitWrites) {
        return switch (policy) {
            case SandboxPolicy.DangerFullAccess d -> FULL_ACCESS;
            case SandboxPolicy.ReadOnly r -> new SandboxRules(List.of(), false, false);
            case SandboxPolicy.WorkspaceWrite w -> new SandboxRules(List.of(new WritableRoot(cwd, List.of())),
                    w.networkAccess(), false);
        };
    }
}
