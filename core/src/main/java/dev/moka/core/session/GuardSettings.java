package dev.moka.core.session;

import dev.moka.core.sandbox.LinuxSandbox;
import dev.moka.core.sandbox.SandboxLauncher;
import java.util.Map;

/**
 * What a session needs to guard its commands besides the turn context: the sandbox launcher, the
 * environment its commands get (the shell environment policy applied; its {@code TMPDIR} is writable), whether {@code .git} may be written, and whether its face can answer
 * approval requests (an interactive UI can; {@code moka exec} cannot, so its requests are denied at once).
 */
public record GuardSettings(SandboxLauncher launcher, Map<String, String> env, boolean allowGitWrites,
        boolean canAsk) {
    public GuardSettings {
        env = Map.copyOf(env);
    }

    /** Automatic mechanism, this process's environment, nobody to ask. */
    public static GuardSettings unattended() {
        return new GuardSettings(new SandboxLauncher(LinuxSandbox.AUTO, notice -> { }), System.getenv(), false,
                false);
    }
}
