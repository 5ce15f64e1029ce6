package dev.moka.core.exec;

import java.time.Duration;

/**
 * What one call into an interactive session saw.
 *
 * @param sessionId   the id to pass to later calls while the process runs; null once it has exited
 * @param exitCode    the exit code once the process has exited; null while it runs
 * @param output      what it printed since the previous call (stdout and stderr interleaved), capped
 * @param outputBytes how many bytes that was before the cap
 * @param wallTime    how long this call took
 * @param callId      the call that started the session
 */
public record SessionResult(Integer sessionId, Integer exitCode, String output, long outputBytes, Duration wallTime,
        String callId) {
    public boolean running() {
        return exitCode == null;
    }
}
