package dev.moka.core.exec;

import dev.moka.core.sandbox.Confinement;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * A command to start as an interactive session.
 *
 * @param argv   program and arguments; not empty
 * @param cwd    working directory
 * @param env    the child's whole environment
 * @param tty    run under a pseudo-terminal (stdin, stdout and stderr all on it) instead of pipes
 * @param callId the tool call that started it, so later calls can report under the same id
 * @param confinement how the kernel confines the session's processes
 */
public record SessionCommand(List<String> argv, Path cwd, Map<String, String> env, boolean tty, String callId,
        Confinement confinement) {
    public SessionCommand {
        argv = List.copyOf(argv);
        if (argv.isEmpty()) {
            throw new IllegalArgumentException("argv is empty: give at least the program to run");
        }
        Objects.requireNonNull(cwd, "cwd");
        env = Map.copyOf(env);
        Objects.requireNonNull(callId, "callId");
        Objects.requireNonNull(confinement, "confinement");
    }

    /** An unconfined session. */
    public SessionCommand(List<String> argv, Path cwd, Map<String, String> env, boolean tty, String callId) {
        this(argv, cwd, env, tty, callId, Confinement.none());
    }
}
