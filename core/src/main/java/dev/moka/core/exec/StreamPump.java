package dev.moka.core.exec;

import dev.moka.protocol.ExecOutputStream;
import java.io.IOException;
import java.io.InputStream;

/** Copies one output stream of a process into a sink, handing over only whole UTF-8 characters. */
final class StreamPump implements Runnable {
    private static final int CHUNK_BYTES = 8192;

    private final InputStream in;
    private final ExecOutputStream stream;
    private final ChunkSink sink;

    StreamPump(InputStream in, ExecOutputStream stream, ChunkSink sink) {
        this.in = in;
        this.stream = stream;
        this.sink = sink;
    }

    /** Starts the pump on a virtual thread named after the stream and process it serves. */
    static Thread start(InputStream in, ExecOutputStream stream, ChunkSink sink, long pid) {
        return Thread.ofVirtual().name("exec-" + stream.wire() + "-" + pid).start(new StreamPump(in, stream, sink));
    }

    /**
     * Starts the pump on a daemon platform thread: for a stream whose reads block in native code (a pty), which
     * would otherwise hold one of the few carrier threads of the virtual threads for as long as it waits.
     */
    static Thread startPlatform(InputStream in, ExecOutputStream stream, ChunkSink sink, long pid) {
        return Thread.ofPlatform().daemon().name("exec-pty-" + pid).start(new StreamPump(in, stream, sink));
    }

    @Override
    public void run() {
        // Room for a partial character carried over from the previous read.
        byte[] buffer = new byte[CHUNK_BYTES + 4];
        int carried = 0;
        try (in) {
            int read;
            while ((read = in.read(buffer, carried, CHUNK_BYTES)) != -1) {
                int available = carried + read;
                int whole = Utf8.completeLength(buffer, available);
                sink.accept(stream, buffer, whole);
                carried = available - whole;
                System.arraycopy(buffer, whole, buffer, 0, carried);
            }
        } catch (IOException e) {
            // The pipe was closed under us because the runner gave up waiting; what arrived is kept.
        }
        sink.accept(stream, buffer, carried);
        sink.finished(stream);
    }
}
