package dev.moka.core.tools.web;

import com.sun.net.httpserver.Headers;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executors;

/** A real HTTP server on loopback that answers from a queue of scripted replies and records each request. */
final class StubServer implements AutoCloseable {
    /** What the server does with one request. */
    @FunctionalInterface
    interface Reply {
        void handle(HttpExchange exchange) throws IOException;
    }

    /** One request as received: method, path, headers (names lower-cased), body. */
    record Request(String method, String path, Map<String, List<String>> headers, String body) {
        String header(String name) {
            List<String> values = headers.get(name.toLowerCase(java.util.Locale.ROOT));
            return values == null ? null : String.join(",", values);
        }
    }

    private final HttpServer server;
    private final ConcurrentLinkedQueue<Reply> replies = new ConcurrentLinkedQueue<>();
    private final List<Request> requests = new CopyOnWriteArrayList<>();
    private volatile Reply fallback = exchange -> send(exchange, 500, "text/plain", "no reply scripted");

    StubServer() throws IOException {
        this(InetAddress.getLoopbackAddress());
    }

    /** A server listening on {@code address} only (an interface address of this machine, say). */
    StubServer(InetAddress address) throws IOException {
        server = HttpServer.create(new InetSocketAddress(address, 0), 0);
        server.setExecutor(Executors.newVirtualThreadPerTaskExecutor());
        server.createContext("/", exchange -> {
            Map<String, List<String>> headers = new java.util.TreeMap<>();
            exchange.getRequestHeaders().forEach((k, v) -> headers.put(k.toLowerCase(java.util.Locale.ROOT), v));
            String body = new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8);
            requests.add(new Request(exchange.getRequestMethod(), exchange.getRequestURI().getPath(), headers, body));
            Reply reply = replies.poll();
            try {
                (reply == null ? fallback : reply).handle(exchange);
            } finally {
                exchange.close();
            }
        });
        server.start();
    }

    StubServer enqueue(Reply... more) {
        replies.addAll(List.of(more));
        return this;
    }

    /** Used for every request once the queue is empty. */
    StubServer always(Reply reply) {
        fallback = reply;
        return this;
    }

    String url(String path) {
        InetAddress address = server.getAddress().getAddress();
        String host = address instanceof java.net.Inet6Address ? "[" + address.getHostAddress() + "]"
                : address.getHostAddress();
        return "http://" + host + ":" + server.getAddress().getPort() + path;
    }

    List<Request> requests() {
        return List.copyOf(requests);
    }

    static Reply json(int status, String body) {
        return exchange -> send(exchange, status, "application/json", body);
    }

    static Reply text(int status, String contentType, String body) {
        return exchange -> send(exchange, status, contentType, body);
    }

    static Reply redirect(String location) {
        return exchange -> {
            exchange.getResponseHeaders().add("Location", location);
            exchange.sendResponseHeaders(302, -1);
        };
    }

    /** Closes the connection without any response. */
    static Reply drop() {
        return exchange -> exchange.getHttpContext().getServer();
    }

    static Reply stall(long millis) {
        return exchange -> {
            try {
                Thread.sleep(millis);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            send(exchange, 200, "application/json", "{\"search_results\":[]}");
        };
    }

    static void send(HttpExchange exchange, int status, String type, String body) throws IOException {
        byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
        Headers headers = exchange.getResponseHeaders();
        headers.add("Content-Type", type);
        exchange.sendResponseHeaders(status, bytes.length == 0 ? -1 : bytes.length);
        try (OutputStream out = exchange.getResponseBody()) {
            out.write(bytes);
        } catch (IOException ignored) {
            // The client may hang up early (a capped read); that is what some tests want.
        }
    }

    @Override
    public void close() {
        server.stop(0);
    }
}
