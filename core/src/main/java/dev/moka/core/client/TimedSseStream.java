package dev.moka.core.client;

import java.io.IOException;
import java.io.InputStream;
import java.net.http.HttpTimeoutException;
import java.time.Duration;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;

/**
 * SSE messages from a response body with an idle deadline: a virtual thread reads and parses, the caller
 * waits for each message at most {@code idleTimeout}. A blocked socket read cannot be given a timeout
 * itself, so the deadline lives on the queue between the two. The queue holds at most
 * {@link SseParser#MAX_MESSAGE_BYTES} of message data, so a fast server and a slow consumer cost one bounded
 * message's memory at a time, not 64 of them.
 */
final class TimedSseStream implements AutoCloseable {
    private sealed interface Pulled {}

    private record Next(SseParser.Message message) implements Pulled {}

    private record End() implements Pulled {}

    private record Broken(IOException error) implements Pulled {}

    private final InputStream body;
    private final Duration idleTimeout;
    private final BlockingQueue<Pulled> queue = new ArrayBlockingQueue<>(64);
    /** Bytes (counted as chars) of message data the queue may still take. */
    private final Semaphore room = new Semaphore(SseParser.MAX_MESSAGE_BYTES);
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
            case Next n -> {
                room.release(weight(n.message()));
                yield n.message();
            }
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

    private static int weight(SseParser.Message message) {
        return Math.min(message.data().length(), SseParser.MAX_MESSAGE_BYTES);
    }

    private void pump() {
        var parser = new SseParser(body);
        Pulled last;
        try {
            for (SseParser.Message message = parser.next(); message != null; message = parser.next()) {
                room.acquire(weight(message));
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
