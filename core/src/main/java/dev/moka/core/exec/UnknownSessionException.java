package dev.moka.core.exec;

import java.util.List;

/** A call named a session that does not exist (never started, already exited, or ended to make room). */
public final class UnknownSessionException extends Exception {
    public UnknownSessionException(int sessionId, List<Integer> live) {
        super("no running session with id " + sessionId + (live.isEmpty()
                ? "; none is running: start one with exec_command"
                : "; running sessions: " + live));
    }
}
