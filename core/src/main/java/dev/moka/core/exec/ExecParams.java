package dev.moka.core.exec;

import dev.moka.core.sandbox.Confinement;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * One command to run: its argv, working directory, time limit and the complete environment of the child.
 *
 * @param argv    program and arguments; not empty
 * @param cwd     working directory of the child
 * @param timeout how long the command may run; null means {@link #DEFAULT_TIMEOUT}
 * @param env     the child's whole environment (nothing else is inherited); null means empty
 * @param confinement how the kernel confines the child; null means none
 */
public record ExecParams(List<String> argv, Path cwd, Duration timeout, Map<String, String> env,
        Confinement confinement) {
    /** The time limit when the caller gives none. */
    public static final Duration DEFAULT_TIMEOUT = Duration.ofMillis(10_000);

    public ExecParams {
        Objects.requireNonNull(argv, "argv");
        if (argv.isEmpty()) {
            throw new IllegalArgumentException("argv is empty: give at least the program to run");
        }
        argv = List.copyOf(argv);
        Objects.requireNonNull(cwd, "cwd");
        timeout = timeout == null ? DEFAULT_TIMEOUT : timeout;
        if (timeout.isNegative() || timeout.isZero()) {
            throw new IllegalArgumentException("timeout must be positive, got " + timeout);
        }
        env = env == null ? Map.of() : Map.copyOf(env);
        confinement = confinement == null ? Confinement.none() : confinement;
    }

    /** An unconfined command. */
    public ExecParams(List<String> argv, Path cwd, Duration timeout, Map<String, String> env) {
        this(argv, cwd, timeout, env, null);
    }
}
