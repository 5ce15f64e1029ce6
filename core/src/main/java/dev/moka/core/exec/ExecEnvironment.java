package dev.moka.core.exec;

import java.util.Map;

/** Builds the environment of commands the model runs, keeping credentials out of it. */
public final class ExecEnvironment {
    private ExecEnvironment() {}

    /**
     * The parent's variables minus every one whose name contains KEY, SECRET or TOKEN in any case, so API keys
     * given to Moka never reach a command the model chose: {@link ShellEnvironmentPolicy#DEFAULT} applied.
     */
    public static Map<String, String> forChild(Map<String, String> parent) {
        return Map.copyOf(ShellEnvironmentPolicy.DEFAULT.apply(parent));
    }
}
