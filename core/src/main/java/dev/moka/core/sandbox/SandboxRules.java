package dev.moka.core.sandbox;

import java.util.List;

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
}
