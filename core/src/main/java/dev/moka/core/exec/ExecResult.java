package dev.moka.core.exec;

import java.time.Duration;

/**
 * What a finished command left behind. Captured text is capped per stream, keeping head and tail.
 *
 * @param exitCode         the process's exit code; 124 after a timeout, 127/126 when it could not start
 * @param stdout           captured standard output
 * @param stderr           captured standard error (also carries start failures and the timeout line)
 * @param aggregatedOutput stdout and stderr interleaved in arrival order
 * @param duration         wall time from start to the end of output capture
 * @param timedOut         whether the command was killed for running past its time limit
 */
public record ExecResult(int exitCode, String stdout, String stderr, String aggregatedOutput, Duration duration,
        boolean timedOut) {
    /** Exit code reported for a command killed by its timeout, as coreutils {@code timeout} does. */
    public static final int TIMEOUT_EXIT_CODE = 124;
    /** Exit code for a command that exists but could not be executed (or had no usable working directory). */
    public static final int CANNOT_EXECUTE_EXIT_CODE = 126;
    /** Exit code for a command that was not found. */
    public static final int NOT_FOUND_EXIT_CODE = 127;
}
