package dev.moka.testkit;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Deque;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.function.Predicate;

/**
 * A scripted model server on 127.0.0.1 over real HTTP/1.1, for the Responses API and Chat Completions alike:
 * each request (any method, any path) is recorded and takes the next queued {@link Reply}; when none is left
 * it gets a 500 that says so.
 */
public final class MockResponsesServer implements AutoCloseable {
    private final HttpServer server;
    private final ExecutorService handlers;
    private final Consumer<CapturedRequest> listener;
    private final ReentrantLock lock = new ReentrantLock();
    private final Condition arrived = lock.newCondition();
    private final Deque<Reply> replies = new ArrayDeque<>();
    /** Replies kept for the requests a predicate picks (a child agent's), each route first in, first out. */
    private final List<Route> routes = new ArrayList<>();

    private record Route(Predicate<CapturedRequest> picks, Deque<Function<CapturedRequest, Reply>> replies) {}
    private final List<CapturedRequest> requests = new ArrayList<>();

    private MockResponsesServer(HttpServer server, ExecutorService handlers, Consumer<CapturedRequest> listener) {
        this.server = server;
        this.handlers = handlers;
        this.listener = listener;
    }

    /** Starts a server on a free loopback port. */
    public static MockResponsesServer start() {
        return start(0, request -> { });
    }

    /** Starts a server on {@code port} (0: any free port) that also tells {@code listener} of each request. */
    static MockResponsesServer start(int port, Consumer<CapturedRequest> listener) {
        try {
            HttpServer http = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), port), 0);
            ExecutorService handlers = Executors.newThreadPerTaskExecutor(
                    Thread.ofVirtual().name("mock-responses-", 0).factory());
            MockResponsesServer mock = new MockResponsesServer(http, handlers, listener);
            http.setExecutor(handlers);
            http.createContext("/", mock::handle);
            http.start();
            return mock;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot start the mock Responses server on port " + port, e);
        }
    }

    /** The base URL to configure as a provider's {@code base_url}, e.g. {@code http://127.0.0.1:40123/v1}. */
    public String url() {
        return "http://127.0.0.1:" + server.getAddress().getPort() + "/v1";
    }

    /** Queues replies; requests take them first in, first out. */
    public MockResponsesServer enqueue(Reply... more) {
        return enqueue(Arrays.asList(more));
    }

    public MockResponsesServer enqueue(List<? extends Reply> more) {
        lock.lock();
        try {
            replies.addAll(more);
        } finally {
            lock.unlock();
        }
        return this;
    }

    /**
     * Queues replies for the requests {@code picks} chooses (for example those of one conversation among several
     * that run at once); such a request takes from the first route that picks it and still has replies, else
     * from the main queue.
     */
    public MockResponsesServer route(Predicate<CapturedRequest> picks, Reply... more) {
        return routeAnswers(picks, Arrays.stream(more).<Function<CapturedRequest, Reply>>map(reply -> request -> reply)
                .toList());
    }

    /**
     * As {@link #route}, with replies made from the request they answer (a call that names an id the client
     * chose, such as a child agent's, read from the request's input).
     */
    public MockResponsesServer routeAnswers(Predicate<CapturedRequest> picks,
            List<Function<CapturedRequest, Reply>> answers) {
        lock.lock();
        try {
            routes.add(new Route(picks, new ArrayDeque<>(answers)));
        } finally {
            lock.unlock();
        }
        return this;
    }

    /** How many queued replies no request has taken yet. */
    public int pendingReplies() {
        lock.lock();
        try {
            return replies.size();
        } finally {
            lock.unlock();
        }
    }

    /** Every request received so far, in arrival order. */
    public List<CapturedRequest> requests() {
        lock.lock();
        try {
            return List.copyOf(requests);
        } finally {
            lock.unlock();
        }
    }

    /** Waits until at least {@code count} requests arrived; fails with what did arrive after {@code timeout}. */
    public List<CapturedRequest> awaitRequests(int count, Duration timeout) throws InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        lock.lock();
        try {
            while (requests.size() < count) {
                long left = deadline - System.nanoTime();
                if (left <= 0) {
                    throw new IllegalStateException("expected " + count + " requests within " + timeout
                            + " but got " + requests.size() + ": " + requests.stream().map(r -> r.method() + " "
                            + r.path()).toList());
                }
                arrived.awaitNanos(left);
            }
            return List.copyOf(requests);
        } finally {
            lock.unlock();
        }
    }

    /** Stops at once: open streams are cut and stalled replies are woken. */
    @Override
    public void close() {
        server.stop(0);
        handlers.shutdownNow();
        try {
            handlers.awaitTermination(5, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private void handle(HttpExchange exchange) throws IOException {
        CapturedRequest request = capture(exchange);
        Reply reply;
        int number;
        lock.lock();
        try {
            requests.add(request);
            number = requests.size();
            reply = routes.stream().filter(route -> !route.replies().isEmpty() && route.picks().test(request))
                    .findFirst().map(route -> route.replies().poll().apply(request)).orElseGet(replies::poll);
            arrived.signalAll();
        } finally {
            lock.unlock();
        }
        listener.accept(request);
        // Not try-with-resources: closing the exchange would end a dropped stream cleanly with the last chunk.
        switch (reply) {
            case null -> sendStatus(exchange, new StatusReply(500, "{\"error\":{\"code\":\"mock_script_exhausted\","
                    + "\"message\":\"mock server: no reply queued for request " + number + " ("
                    + request.method() + " " + request.path() + "); enqueue one more Reply\"}}", List.of()));
            case StatusReply status -> sendStatus(exchange, status);
            case Sse sse -> sendStream(exchange, sse);
            case ChatSse chat -> sendStream(exchange, chat);
        }
        exchange.close();
    }

    private static CapturedRequest capture(HttpExchange exchange) throws IOException {
        Instant now = Instant.now();
        long epochNanos = now.getEpochSecond() * 1_000_000_000L + now.getNano();
        String body = new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8);
        return new CapturedRequest(exchange.getRequestMethod(), exchange.getRequestURI().getRawPath(),
                exchange.getRequestURI().getRawQuery(), exchange.getRequestHeaders(), body, epochNanos);
    }

    private static void sendStatus(HttpExchange exchange, StatusReply reply) throws IOException {
        byte[] body = reply.body().getBytes(StandardCharsets.UTF_8);
        exchange.getResponseHeaders().set("content-type", "application/json");
        reply.headers().forEach(h -> exchange.getResponseHeaders().add(h.name(), h.value()));
        exchange.sendResponseHeaders(reply.code(), body.length == 0 ? -1 : body.length);
        if (body.length > 0) {
            exchange.getResponseBody().write(body);
        }
    }

    private static void sendStream(HttpExchange exchange, Streamed sse) throws IOException {
        exchange.getResponseHeaders().set("content-type", "text/event-stream");
        exchange.getResponseHeaders().set("cache-control", "no-cache");
        exchange.sendResponseHeaders(200, 0);
        OutputStream out = exchange.getResponseBody();
        List<String> events = sse.render();
        for (int i = 0; i <= events.size(); i++) {
            if (i == sse.stallAfterEvents()) {
                stall(sse.stallDuration());
            }
            if (i == sse.longDeltaAfterEvents()) {
                sendLongDelta(out, sse.longDeltaChars());
            }
            if (i == sse.dropAfterEvents()) {
                // Thrown out of the handler, this makes the server close the socket without the final chunk.
                throw new IOException("mock server: dropping the stream after " + i + " events as scripted");
            }
            if (i < events.size()) {
                out.write(events.get(i).getBytes(StandardCharsets.UTF_8));
                out.flush();
            }
        }
    }

    /** Writes one delta event of {@code chars} letters; {@code Long.MAX_VALUE} writes until the client hangs up. */
    private static void sendLongDelta(OutputStream out, long chars) throws IOException {
        out.write("event: response.output_text.delta\ndata: {\"type\":\"response.output_text.delta\",\"delta\":\""
                .getBytes(StandardCharsets.UTF_8));
        byte[] text = new byte[64 * 1024];
        Arrays.fill(text, (byte) 'x');
        for (long left = chars; left > 0; left -= text.length) {
            if (Thread.currentThread().isInterrupted()) {
                throw new IOException("mock server closed while sending a long delta");
            }
            out.write(text, 0, (int) Math.min(text.length, left));
        }
        out.write("\"}\n\n".getBytes(StandardCharsets.UTF_8));
        out.flush();
    }

    private static void stall(Duration pause) throws IOException {
        try {
            Thread.sleep(pause);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("mock server closed during a scripted stall", e);
        }
    }
}
