package dev.moka.core.session;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.List;
import java.util.Set;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A reverse proxy in front of an HTTP MCP server that lets through only requests bearing one token, and
 * streams the answers back as they come (server-sent events included): the reference servers check no
 * token, so this stands for a server that does.
 */
final class BearerProxy implements AutoCloseable {
    private static final Set<String> NOT_FORWARDED = Set.of("host", "content-length", "connection",
            "transfer-encoding", "expect", "upgrade", "keep-alive");

    private final HttpServer server;
    private final HttpClient client = HttpClient.newHttpClient();
    private final URI target;
    private final String expected;
    final AtomicInteger forwarded = new AtomicInteger();
    final AtomicInteger refused = new AtomicInteger();

    private BearerProxy(URI target, String token) throws IOException {
        this.target = target;
        this.expected = "Bearer " + token;
        server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        server.setExecutor(Executors.newVirtualThreadPerTaskExecutor());
        server.createContext("/", this::handle);
        server.start();
    }

    static BearerProxy start(URI target, String token) throws IOException {
        return new BearerProxy(target, token);
    }

    String url(String path) {
        return "http://127.0.0.1:" + server.getAddress().getPort() + path;
    }

    private void handle(HttpExchange exchange) throws IOException {
        try (exchange) {
            if (!expected.equals(exchange.getRequestHeaders().getFirst("Authorization"))) {
                refused.incrementAndGet();
                exchange.sendResponseHeaders(401, -1);
                return;
            }
            forwarded.incrementAndGet();
            byte[] body = exchange.getRequestBody().readAllBytes();
            HttpRequest.Builder request = HttpRequest.newBuilder(target.resolve(exchange.getRequestURI().toString()))
                    .method(exchange.getRequestMethod(), HttpRequest.BodyPublishers.ofByteArray(body));
            exchange.getRequestHeaders().forEach((name, values) -> {
                if (!NOT_FORWARDED.contains(name.toLowerCase(java.util.Locale.ROOT))) {
                    values.forEach(value -> request.header(name, value));
                }
            });
            HttpResponse<InputStream> response = client.send(request.build(), HttpResponse.BodyHandlers.ofInputStream());
            response.headers().map().forEach((name, values) -> {
                if (!NOT_FORWARDED.contains(name.toLowerCase(java.util.Locale.ROOT)) && !name.startsWith(":")) {
                    exchange.getResponseHeaders().put(name, List.copyOf(values));
                }
            });
            exchange.sendResponseHeaders(response.statusCode(), 0);
            try (InputStream in = response.body(); OutputStream out = exchange.getResponseBody()) {
                byte[] buffer = new byte[8192];
                for (int n; (n = in.read(buffer)) > 0; ) {
                    out.write(buffer, 0, n);
                    out.flush();
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    @Override
    public void close() {
        server.stop(0);
    }
}
