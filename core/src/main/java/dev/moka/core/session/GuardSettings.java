package dev.moka.core.session;

import dev.moka.core.sandbox.LinuxSandbox;
import dev.moka.core.sandbox.SandboxLauncher;
import dev.moka.protocol.EventMsg;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

/**
 * What a session needs to guard its commands besides the turn context: the sandbox launcher, the
 * environment its commands get (the shell environment policy applied; its {@code TMPDIR} is writable), whether {@code .git} may be written, and whether its face can answer
 * approval requests (an interactive UI can; {@code moka exec} cannot, so its requests are denied at once).
 * {@code startupCheck} completes with what the session should say about its sandbox once that is known
 * (the mechanism it fell back to, or why none can run).
 */
public record GuardSettings(SandboxLauncher launcher, Map<String, String> env, boolean allowGitWrites,
        boolean canAsk, CompletionStage<List<EventMsg>> startupCheck) {
    public GuardSettings {
        env = Map.copyOf(env);
        startupCheck = startupCheck == null ? CompletableFuture.completedFuture(List.of()) : startupCheck;
    }

    /** Automatic mechanism, this process's environment, nobody to ask. */
    public static GuardSettings unattended() {
        return new GuardSettings(new SandboxLauncher(LinuxSandbox.AUTO, notice -> { }), System.getenv(), false,
                false, null);
    }
}
