package dev.moka.cli.mcpserver;

import dev.moka.protocol.Json;
import java.io.ByteArrayOutputStream;
import java.io.FilterOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.HashSet;
import java.util.Set;
import java.util.function.Consumer;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;

/**
 * The client's requests not answered yet, seen on the wire: each line read from standard input that is a
 * request opens one, each line written to standard output that answers it closes it. When the input ends, the
 * server waits for these before it stops, so a client that sends a request and closes its input at once still
 * gets its answer.
 */
final class RequestsInFlight {
    private final Set<String> open = new HashSet<>();

    /** A line the client sent. */
    synchronized void read(String line) {
        JsonNode message = parse(line);
        if (message != null && message.has("method") && message.has("id")) {
            open.add(message.get("id").toString());
        }
    }

    /** A line the server wrote. */
    synchronized void written(String line) {
        JsonNode message = parse(line);
        if (message != null && !message.has("method") && message.has("id")
                && open.remove(message.get("id").toString()) && open.isEmpty()) {
            notifyAll();
        }
    }

    /** Waits until every request read has been answered, or {@code limit} has passed; true when all were. */
    synchronized boolean awaitAnswered(Duration limit) throws InterruptedException {
        long deadline = System.nanoTime() + limit.toNanos();
        while (!open.isEmpty()) {
            long left = deadline - System.nanoTime();
            if (left <= 0) {
                return false;
            }
            wait(Math.max(1, left / 1_000_000));
        }
        return true;
    }

    /** {@code out}, with each line written also handed to {@link #written}. */
    OutputStream watching(OutputStream out) {
        Lines lines = new Lines(this::written);
        return new FilterOutputStream(out) {
            @Override
            public void write(int b) throws IOException {
                out.write(b);
                lines.accept(new byte[] {(byte) b}, 0, 1);
            }

            @Override
            public void write(byte[] bytes, int offset, int length) throws IOException {
                out.write(bytes, offset, length);
                lines.accept(bytes, offset, length);
            }
        };
    }

    private static JsonNode parse(String line) {
        if (line.isBlank()) {
            return null;
        }
        try {
            JsonNode node = Json.parse(line);
            return node.isObject() ? node : null;
        } catch (JacksonException e) {
            return null;
        }
    }

    /** Cuts bytes into UTF-8 lines (JSON-RPC over stdio is one message a line). */
    static final class Lines {
        private final ByteArrayOutputStream pending = new ByteArrayOutputStream();
        private final Consumer<String> onLine;

        Lines(Consumer<String> onLine) {
            this.onLine = onLine;
        }

        synchronized void accept(byte[] bytes, int offset, int length) {
            for (int i = offset; i < offset + length; i++) {
                if (bytes[i] == '\n') {
                    onLine.accept(pending.toString(StandardCharsets.UTF_8));
                    pending.reset();
                } else {
                    pending.write(bytes[i]);
                }
            }
        }
    }
}
