package dev.moka.core.exec;

import dev.moka.protocol.ExecOutputStream;

/**
 * Receives a running command's output as it arrives, for live display. Calls are serialised and each chunk
 * holds whole UTF-8 characters. Must return quickly and must not throw: the command's pipes are read by the
 * same threads.
 */
@FunctionalInterface
public interface OutputListener {
    /** A listener that ignores everything. */
    OutputListener NONE = (stream, text) -> { };

    void onOutput(ExecOutputStream stream, String text);
}
