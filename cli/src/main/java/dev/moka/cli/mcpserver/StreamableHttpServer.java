package dev.moka.cli.mcpserver;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import io.modelcontextprotocol.json.McpJsonMapper;
import io.modelcontextprotocol.json.TypeRef;
import io.modelcontextprotocol.spec.McpSchema;
import io.modelcontextprotocol.spec.McpStreamableServerSession;
import io.modelcontextprotocol.spec.McpStreamableServerTransport;
import io.modelcontextprotocol.spec.McpStreamableServerTransportProvider;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executors;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/**
 * The MCP streamable HTTP transport, server side, on the JDK's HTTP server with a virtual thread per exchange:
 * one endpoint, {@code /mcp}, where a POST carries a message (a request is answered on an SSE stream of its
 * own), a GET opens the session's stream for what the server sends unasked (or, with {@code Last-Event-ID},
 * replays what a broken stream missed), and a DELETE ends the session. Any number of sessions run at once.
 * Only requests whose {@code Host} is this loopback address and whose {@code Origin}, when sent, is a loopback
 * page are served, so a web page cannot reach the server by rebinding a name of its own to 127.0.0.1.
 */
final class StreamableHttpServer implements McpStreamableServerTransportProvider {
    static final String PATH = "/mcp";
    private static final String SESSION_HEADER = "Mcp-Session-Id";
    /** How long a client whose stream ended before its answer waits before it resumes the stream. */
    private static final int RETRY_MS = 1000;
    private static final Set<String> LOOPBACK = Set.of("localhost", "127.0.0.1", "[::1]");

    private final HttpServer http;
    private final McpJsonMapper mapper;
    /** The bearer token every request must carry; null: none is asked for. */
    private final byte[] token;
    private final Map<String, McpStreamableServerSession> sessions = new ConcurrentHashMap<>();
    /** What each session's streams sent, by session id, for resumption. */
    private final Map<String, SseEvents> sent = new ConcurrentHashMap<>();
    private volatile McpStreamableServerSession.Factory factory;

    private StreamableHttpServer(HttpServer http, McpJsonMapper mapper, String token) {
        this.http = http;
        this.mapper = mapper;
        this.token = token == null ? null : ("Bearer " + token).getBytes(StandardCharsets.UTF_8);
    }

    /**
     * Listens on {@code address} (a loopback one) at once, asking for {@code token} (null: none); messages are
     * served once the session factory is set.
     */
    static StreamableHttpServer listen(InetSocketAddress address, McpJsonMapper mapper, String token)
            throws IOException {
        HttpServer http = HttpServer.create(address, 50);
        var server = new StreamableHttpServer(http, mapper, token);
        http.setExecutor(Executors.newThreadPerTaskExecutor(Thread.ofVirtual().name("moka-mcp-http-", 0).factory()));
        http.createContext(PATH, server::handle);
        http.start();
        return server;
    }

    /** The URL clients reach the server at. */
    URI url() {
        InetSocketAddress address = http.getAddress();
        String host = address.getAddress().getHostAddress();
        return URI.create("http://" + (host.contains(":") ? "[" + host + "]" : host) + ":" + address.getPort() + PATH);
    }

    @Override
    public void setSessionFactory(McpStreamableServerSession.Factory factory) {
        this.factory = factory;
    }

    @Override
    public Mono<Void> notifyClients(String method, Object params) {
        return Flux.fromIterable(sessions.values()).flatMap(session -> session.sendNotification(method, params))
                .then();
    }

    /** Sends a notification to one session only (a tool call's events go to the client that made the call). */
    Mono<Void> notifySession(String sessionId, String method, Object params) {
        McpStreamableServerSession session = sessions.get(sessionId);
        return session == null ? Mono.empty() : session.sendNotification(method, params);
    }

    @Override
    public Mono<Void> closeGracefully() {
        return Mono.fromRunnable(() -> {
            sessions.values().forEach(McpStreamableServerSession::close);
            sessions.clear();
            http.stop(0);
        });
    }

    private void handle(HttpExchange exchange) throws IOException {
        try (exchange) {
            String refused = refusal(exchange);
            if (refused != null) {
                reply(exchange, 403, refused);
                return;
            }
            String authorization = exchange.getRequestHeaders().getFirst("Authorization");
            if (token != null && (authorization == null
                    || !MessageDigest.isEqual(token, authorization.getBytes(StandardCharsets.UTF_8)))) {
                exchange.getResponseHeaders().set("WWW-Authenticate", "Bearer");
                reply(exchange, 401, "send the server's token as Authorization: Bearer");
                return;
            }
            switch (exchange.getRequestMethod()) {
                case "POST" -> post(exchange);
                case "GET" -> get(exchange);
                case "DELETE" -> delete(exchange);
                default -> {
                    exchange.getResponseHeaders().set("Allow", "GET, POST, DELETE");
                    reply(exchange, 405, "use POST, GET or DELETE");
                }
            }
        } catch (RuntimeException e) {
            // The SDK failed the message (a bad one, or a session that ended under it): the client hears why.
            reply(exchange, 500, String.valueOf(e.getMessage()));
        }
    }

    /** Why the request is refused (DNS rebinding protection), or null when it may be served. */
    static String refusal(HttpExchange exchange) {
        String host = exchange.getRequestHeaders().getFirst("Host");
        if (host == null || !LOOPBACK.contains(hostName(host))) {
            return "the Host header must name this loopback address";
        }
        String origin = exchange.getRequestHeaders().getFirst("Origin");
        if (origin != null) {
            URI uri;
            try {
                uri = URI.create(origin);
            } catch (IllegalArgumentException e) {
                return "the Origin header is not a URL";
            }
            if (uri.getHost() == null || !LOOPBACK.contains(uri.getHost().toLowerCase(Locale.ROOT))) {
                return "requests from the web page " + origin + " are not served";
            }
        }
        return null;
    }

    /** The host of a Host header without its port: {@code [::1]:8080} is {@code [::1]}. */
    private static String hostName(String host) {
        String lower = host.strip().toLowerCase(Locale.ROOT);
        int colon = lower.lastIndexOf(':');
        return colon > lower.lastIndexOf(']') ? lower.substring(0, colon) : lower;
    }

    private void post(HttpExchange exchange) throws IOException {
        McpSchema.JSONRPCMessage message;
        try (InputStream in = exchange.getRequestBody()) {
            message = McpSchema.deserializeJsonRpcMessage(mapper, new String(in.readAllBytes(), StandardCharsets.UTF_8));
        } catch (IOException | RuntimeException e) {
            reply(exchange, 400, "the body is no JSON-RPC message");
            return;
        }
        if (message instanceof McpSchema.JSONRPCRequest request && McpSchema.METHOD_INITIALIZE.equals(request.method())) {
            initialize(exchange, request);
            return;
        }
        McpStreamableServerSession session = session(exchange);
        if (session == null) {
            return;
        }
        switch (message) {
            case McpSchema.JSONRPCNotification notification -> {
                session.accept(notification).block();
                reply(exchange, 202, "");
            }
            case McpSchema.JSONRPCResponse response -> {
                session.accept(response).block();
                reply(exchange, 202, "");
            }
            case McpSchema.JSONRPCRequest request -> {
                var stream = new SseStream(exchange, session.getId());
                stream.prime();
                session.responseStream(request, stream).block();
                stream.end();
            }
            // The SDK's message type is not sealed.
            default -> reply(exchange, 400, "the body is no JSON-RPC request, notification or response");
        }
    }

    private void initialize(HttpExchange exchange, McpSchema.JSONRPCRequest request) throws IOException {
        McpSchema.InitializeRequest params = mapper.convertValue(request.params(), new TypeRef<>() {});
        McpStreamableServerSession.McpStreamableServerSessionInit init = factory.startSession(params);
        McpSchema.InitializeResult result = init.initResult().block();
        sent.put(init.session().getId(), new SseEvents());
        sessions.put(init.session().getId(), init.session());
        exchange.getResponseHeaders().set(SESSION_HEADER, init.session().getId());
        exchange.getResponseHeaders().set("Content-Type", "application/json");
        byte[] body = mapper.writeValueAsString(new McpSchema.JSONRPCResponse(McpSchema.JSONRPC_VERSION, request.id(),
                result, null)).getBytes(StandardCharsets.UTF_8);
        exchange.sendResponseHeaders(200, body.length);
        exchange.getResponseBody().write(body);
    }

    private void get(HttpExchange exchange) throws IOException {
        McpStreamableServerSession session = session(exchange);
        if (session == null) {
            return;
        }
        String lastEventId = exchange.getRequestHeaders().getFirst("Last-Event-ID");
        if (lastEventId != null) {
            SseEvents.Position from = sent.get(session.getId()).find(lastEventId);
            if (from == null) {
                reply(exchange, 404, "no stream of this session sent the event " + lastEventId + " (or it is too old"
                        + " to be kept)");
                return;
            }
            var resumed = new SseStream(exchange, session.getId(), from.stream());
            try {
                from.stream().follow(from.seen(), resumed::event);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            resumed.end();
            return;
        }
        var stream = new SseStream(exchange, session.getId());
        stream.prime();
        session.listeningStream(stream);
        stream.awaitClosed();
        stream.end();
    }

    private void delete(HttpExchange exchange) throws IOException {
        McpStreamableServerSession session = session(exchange);
        if (session == null) {
            return;
        }
        sessions.remove(session.getId());
        sent.remove(session.getId());
        session.delete().block();
        reply(exchange, 200, "");
    }

    /** The session the request names; null, with the answer already sent, when it names none that is open. */
    private McpStreamableServerSession session(HttpExchange exchange) throws IOException {
        String id = exchange.getRequestHeaders().getFirst(SESSION_HEADER);
        if (id == null) {
            reply(exchange, 400, "the request names no session (" + SESSION_HEADER + "); initialize first");
            return null;
        }
        McpStreamableServerSession session = sessions.get(id);
        if (session == null) {
            reply(exchange, 404, "no session " + id + " (it ended, or never was); initialize again");
        }
        return session;
    }

    private static void reply(HttpExchange exchange, int status, String text) throws IOException {
        byte[] body = text.getBytes(StandardCharsets.UTF_8);
        if (body.length > 0) {
            exchange.getResponseHeaders().set("Content-Type", "text/plain; charset=utf-8");
        }
        exchange.sendResponseHeaders(status, body.length == 0 ? -1 : body.length);
        if (body.length > 0) {
            exchange.getResponseBody().write(body);
        }
    }

    /**
     * One SSE response. It opens with a priming event (an id, no data, and how long to wait before resuming) and
     * gives each message the next id of its stream, so that a client whose stream breaks resumes it with
     * {@code Last-Event-ID} (see {@link SseEvents}).
     */
    private final class SseStream implements McpStreamableServerTransport {
        private final HttpExchange exchange;
        private final String sessionId;
        private final SseEvents.Stream log;
        private final CountDownLatch closed = new CountDownLatch(1);
        private OutputStream out;

        /** A new stream of the session's. */
        SseStream(HttpExchange exchange, String sessionId) {
            this(exchange, sessionId, sent.get(sessionId).open());
        }

        /** A response that resumes {@code log}, a stream of the session's that broke. */
        SseStream(HttpExchange exchange, String sessionId, SseEvents.Stream log) {
            this.exchange = exchange;
            this.sessionId = sessionId;
            this.log = log;
        }

        /** The priming event, sent at once, before the answer (which may take long) is ready. */
        synchronized void prime() throws IOException {
            open();
            String priming = "id: " + log.primingId() + "\nretry: " + RETRY_MS + "\ndata: \n\n";
            out.write(priming.getBytes(StandardCharsets.UTF_8));
            out.flush();
        }

        /** One event of the stream as it was kept; fails when the client went away. */
        synchronized void event(String id, String data) throws IOException {
            open();
            out.write(("id: " + id + "\nevent: message\ndata: " + data + "\n\n").getBytes(StandardCharsets.UTF_8));
            out.flush();
        }

        @Override
        public Mono<Void> sendMessage(McpSchema.JSONRPCMessage message) {
            return sendMessage(message, null);
        }

        @Override
        public Mono<Void> sendMessage(McpSchema.JSONRPCMessage message, String messageId) {
            return Mono.fromRunnable(() -> write(message, messageId));
        }

        /** The session's own message ids are not used: its replay keeps nothing, {@link SseEvents} does. */
        private synchronized void write(McpSchema.JSONRPCMessage message, String ignored) {
            String data;
            try {
                data = mapper.writeValueAsString(message);
            } catch (IOException e) {
                throw new UncheckedIOException("cannot write a message as JSON", e);
            }
            String id = log.add(data);
            if (closed.getCount() == 0) {
                return;
            }
            try {
                event(id, data);
            } catch (IOException e) {
                // The client went away; it resumes with Last-Event-ID, and gets the events kept since.
                closed.countDown();
            }
        }

        private void open() throws IOException {
            if (out == null) {
                exchange.getResponseHeaders().set("Content-Type", "text/event-stream");
                exchange.getResponseHeaders().set("Cache-Control", "no-cache");
                exchange.getResponseHeaders().set(SESSION_HEADER, sessionId);
                exchange.sendResponseHeaders(200, 0);
                out = exchange.getResponseBody();
            }
        }

        /** Ends the response (an empty stream when nothing was sent), and with it the stream. */
        synchronized void end() throws IOException {
            log.end();
            closed.countDown();
            open();
        }

        void awaitClosed() {
            try {
                closed.await();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }

        @Override
        public Mono<Void> closeGracefully() {
            return Mono.fromRunnable(closed::countDown);
        }

        @Override
        public void close() {
            closed.countDown();
        }

        @Override
        public <T> T unmarshalFrom(Object data, TypeRef<T> type) {
            return mapper.convertValue(data, type);
        }
    }
}
