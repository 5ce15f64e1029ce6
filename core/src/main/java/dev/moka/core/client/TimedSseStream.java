package dev.moka.core.client;

import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.net.http.HttpTimeoutException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.TimeUnit;

/**
 * SSE messages from a response body with an idle deadline: a virtual thread reads and parses, the caller
 * waits for each message at most {@code idleTimeout}. A blocked socket read cannot be given a timeout
 * itself, so the deadline lives on the queue between the two.
 */
final class TimedSseStream implements AutoCloseable {
    private sealed interface Pulled {}

    private record Next(SseParser.Message message) implements Pulled {}

    private record End() implements Pulled {}

    private record Broken(IOException error) implements Pulled {}

    private final InputStream body;
    private final Duration idleTimeout;
    private final BlockingQueue<Pulled> queue = new ArrayBlockingQueue<>(64);
    private final Thread reader;

    TimedSseStream(InputStream body, Duration idleTimeout) {
        this.body = body;
        this.idleTimeout = idleTimeout;
        this.reader = Thread.ofVirtual().name("moka-sse-reader").start(this::pump);
    }

    /** The next message, or null when the stream ended; throws when it broke or stayed silent too long. */
    SseParser.Message next() throws IOException, InterruptedException {
        Pulled pulled = queue.poll(idleTimeout.toNanos(), TimeUnit.NANOSECONDS);
        return switch (pulled) {
            case null -> throw new HttpTimeoutException("no data from the server for " + idleTimeout.toMillis()
                    + " ms (stream_idle_timeout_ms)");
            case Next n -> n.message();
            case End e -> null;
            case Broken b -> throw b.error();
        };
    }

    /** Closes the body, which also ends the reader thread's blocked read. */
    @Override
    public void close() {
        reader.interrupt();
        try {
            body.close();
        } catch (IOException e) {
            // The connection is being abandoned anyway.
        }
    }

    private void pump() {
        var parser = new SseParser(new InputStreamReader(body, StandardCharsets.UTF_8));
        Pulled last;
        try {
            for (SseParser.Message message = parser.next(); message != null; message = parser.next()) {
                queue.put(new Next(message));
            }
            last = new End();
        } catch (IOException e) {
            last = new Broken(e);
        } catch (InterruptedException e) {
            return; // The consumer closed the stream; nobody waits for the rest.
        }
        try {
            queue.put(last);
        } catch (InterruptedException e) {
            // Closed by the consumer meanwhile.
        }
    }
}
