package dev.moka.core.sandbox;

import java.util.function.Consumer;

/** Placeholder until the mechanisms land: confines nothing. */
public final class SandboxLauncher {
    public SandboxLauncher(LinuxSandbox mode, Consumer<String> notice) {}

    public Confinement confine(SandboxRules rules) throws SandboxUnavailableException {
        return Confinement.none();
    }
}
