package dev.moka.core.exec;

import dev.moka.protocol.ExecOutputStream;
import java.nio.charset.StandardCharsets;

/**
 * Where both pipes of one command deliver their chunks: per-stream captures, the interleaved capture and the
 * live listener, all updated under one lock so their order agrees. Once closed, late chunks (from a
 * background child still holding a pipe) are dropped.
 */
final class OutputSink implements ChunkSink {
    private final OutputListener listener;
    private final HeadTailCapture stdout;
    private final HeadTailCapture stderr;
    private final HeadTailCapture aggregated;
    private boolean closed;

    OutputSink(OutputListener listener, int limitPerStream) {
        this.listener = listener;
        this.stdout = new HeadTailCapture(limitPerStream);
        this.stderr = new HeadTailCapture(limitPerStream);
        this.aggregated = new HeadTailCapture(limitPerStream);
    }

    @Override
    public synchronized void accept(ExecOutputStream stream, byte[] bytes, int length) {
        if (closed || length == 0) {
            return;
        }
        switch (stream) {
            case STDOUT -> stdout.append(bytes, 0, length);
            case STDERR -> stderr.append(bytes, 0, length);
        }
        aggregated.append(bytes, 0, length);
        listener.onOutput(stream, new String(bytes, 0, length, StandardCharsets.UTF_8));
    }

    /** Stops accepting output and returns what was captured. */
    synchronized Captured close() {
        closed = true;
        return new Captured(stdout.text(), stderr.text(), aggregated.text());
    }

    record Captured(String stdout, String stderr, String aggregated) {}
}
