package dev.moka.cli.mcpserver;

import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * What one session's SSE streams sent, kept so that a client whose stream broke can resume it. Each stream has a
 * number and each event on it the id {@code STREAM-SEQ}, the priming event that opens the stream being sequence 0;
 * a GET with {@code Last-Event-ID} gets the events of that stream after the one named, then those still to come
 * until the stream ends. Only the newest streams are kept.
 */
final class SseEvents {
    /** How many streams a session keeps for resumption. */
    private static final int KEPT = 32;

    private final AtomicInteger numbers = new AtomicInteger();
    private final Map<Integer, Stream> streams = new LinkedHashMap<>() {
        @Override
        protected boolean removeEldestEntry(Map.Entry<Integer, Stream> eldest) {
            return size() > KEPT;
        }
    };

    /** Writes one event of a stream to a client; fails when the client went away. */
    @FunctionalInterface
    interface Writer {
        void write(String id, String data) throws IOException;
    }

    /** One stream's events (their data), in order. */
    static final class Stream {
        private final int number;
        private final List<String> sent = new ArrayList<>();
        private boolean ended;

        private Stream(int number) {
            this.number = number;
        }

        String primingId() {
            return number + "-0";
        }

        /** Keeps an event; its id. Kept before it is written, so an event a broken stream lost is replayed. */
        synchronized String add(String data) {
            sent.add(data);
            notifyAll();
            return number + "-" + sent.size();
        }

        synchronized int size() {
            return sent.size();
        }

        synchronized void end() {
            ended = true;
            notifyAll();
        }

        /** Writes each event after sequence {@code seen} as it comes, until the stream ends or the client leaves. */
        void follow(int seen, Writer out) throws InterruptedException {
            int next = seen;
            while (true) {
                List<String> batch;
                synchronized (this) {
                    while (sent.size() <= next && !ended) {
                        wait();
                    }
                    if (sent.size() <= next) {
                        return;
                    }
                    batch = List.copyOf(sent.subList(next, sent.size()));
                }
                for (String data : batch) {
                    try {
                        out.write(number + "-" + ++next, data);
                    } catch (IOException e) {
                        return;
                    }
                }
            }
        }
    }

    /** A stream the event named with {@code id} belongs to, and where in it that event is. */
    record Position(Stream stream, int seen) {}

    synchronized Stream open() {
        var stream = new Stream(numbers.incrementAndGet());
        streams.put(stream.number, stream);
        return stream;
    }

    /** Where the event {@code id} was; null when no kept stream sent it. */
    synchronized Position find(String id) {
        int dash = id.indexOf('-');
        try {
            Stream stream = dash < 0 ? null : streams.get(Integer.parseInt(id.substring(0, dash)));
            int seen = dash < 0 ? -1 : Integer.parseInt(id.substring(dash + 1));
            return stream == null || seen < 0 || seen > stream.size() ? null : new Position(stream, seen);
        } catch (NumberFormatException e) {
            return null;
        }
    }
}
