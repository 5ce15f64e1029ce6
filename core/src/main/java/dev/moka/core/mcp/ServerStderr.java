package dev.moka.core.mcp;

import dev.moka.core.log.MokaLog;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.function.Consumer;

/**
 * Where an MCP server's stderr goes: its own log file, {@code $MOKA_HOME/log/mcp-<server>.log}, never the
 * terminal; so do the lines of its stdout that are not JSON-RPC, and what Moka noted about the server's output.
 * The last few lines it wrote are kept, because when a server fails they usually say why, and that is the error
 * the person should read.
 */
final class ServerStderr implements Consumer<String> {
    static final int TAIL_LINES = 8;
    static final int TAIL_CHARS = 1000;

    private final MokaLog log;
    private final Deque<String> tail = new ArrayDeque<>();

    ServerStderr(MokaLog log) {
        this.log = log;
    }

    /** Every line ends up in the log with a limit: it may be a whole server's answer. */
    static final int LOGGED_CHARS = 4000;

    @Override
    public void accept(String line) {
        log.info(line);
        keep(line);
    }

    /** A line on the server's stdout that is no JSON-RPC message (a banner, a debug print): skipped, but kept. */
    void strayStdout(String line) {
        log.warn("stdout line, not JSON-RPC, skipped: " + clipped(line));
        keep(line);
    }

    /** Something Moka noticed about the server's output. */
    void note(String message) {
        log.warn(clipped(message));
    }

    private static String clipped(String line) {
        return line.length() > LOGGED_CHARS ? line.substring(0, LOGGED_CHARS) + "... (" + line.length() + " chars)"
                : line;
    }

    private void keep(String line) {
        synchronized (tail) {
            tail.addLast(line.length() > TAIL_CHARS ? line.substring(0, TAIL_CHARS) : line);
            while (tail.size() > TAIL_LINES) {
                tail.removeFirst();
            }
        }
    }

    /** The last lines, joined, at most {@link #TAIL_CHARS} characters (the latest kept); empty when none. */
    String tail() {
        String joined;
        synchronized (tail) {
            joined = String.join(" | ", tail.stream().map(String::strip).filter(s -> !s.isEmpty()).toList());
        }
        return joined.length() > TAIL_CHARS ? "..." + joined.substring(joined.length() - TAIL_CHARS) : joined;
    }

    /** The log file, for messages that point the person at the whole of it; null when nothing is logged. */
    String file() {
        return log.file() == null ? null : log.file().toString();
    }
}
