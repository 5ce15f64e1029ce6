package dev.moka.core.mcp;

import io.modelcontextprotocol.json.McpJsonMapper;
import io.modelcontextprotocol.json.TypeRef;
import io.modelcontextprotocol.spec.McpClientTransport;
import io.modelcontextprotocol.spec.McpSchema;
import io.modelcontextprotocol.spec.McpTransportException;
import io.modelcontextprotocol.spec.ProtocolVersions;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;
import java.util.function.Supplier;
import reactor.core.publisher.Mono;

/**
 * The MCP streamable HTTP transport (spec 2025-11-25), client side, on blocking calls and virtual threads. Each
 * message is a POST; an answer comes back as JSON or as an SSE stream. A stream that ends before it carried the
 * answer is resumed as the spec lays out: after the {@code retry:} the server last named, a GET with
 * {@code Last-Event-ID} set to the last event id seen (the priming event's included) picks up where it stopped.
 * A standalone GET stream carries what the server sends unasked, where the server offers one.
 */
final class StreamableHttpTransport implements McpClientTransport {
    private static final Duration DEFAULT_RETRY = Duration.ofSeconds(1);
    /** How many times in a row a stream is resumed before what waits on it is failed. */
    private static final int MAX_RESUMES = 5;
    private static final String SESSION_HEADER = "Mcp-Session-Id";
    private static final String EVENT_STREAM = "text/event-stream";

    private final String name;
    private final HttpClient http;
    private final URI uri;
    private final McpJsonMapper mapper;
    /** The headers every request carries (configured ones and the bearer token), read anew for each request. */
    private final Supplier<Map<String, String>> headers;
    private final Duration connectTimeout;
    /** Signs in again when the server refuses the token (null: nobody can, and the refusal is the answer). */
    private final Reauthorizer reauthorizer;
    private volatile Function<Mono<McpSchema.JSONRPCMessage>, Mono<McpSchema.JSONRPCMessage>> handler;
    private volatile String sessionId;
    private volatile String protocolVersion;
    private volatile Object initializeId;
    private volatile boolean closed;
    /**
     * The SSE bodies being read: closing the transport closes them, since an exchange still open would hold up
     * the HTTP client's own close (it waits for every exchange), and so Moka's exit.
     */
    private final Set<InputStream> open = ConcurrentHashMap.newKeySet();

    /** Gets a token the server may take, after it refused one with {@code challenge}; true when it did. */
    interface Reauthorizer {
        boolean reauthorize(String challenge);
    }

    StreamableHttpTransport(String name, HttpClient http, URI uri, McpJsonMapper mapper,
            Supplier<Map<String, String>> headers, Duration connectTimeout, Reauthorizer reauthorizer) {
        this.name = name;
        this.http = http;
        this.uri = uri;
        this.mapper = mapper;
        this.headers = headers;
        this.connectTimeout = connectTimeout;
        this.reauthorizer = reauthorizer;
    }

    @Override
    public List<String> protocolVersions() {
        return List.of(ProtocolVersions.MCP_2025_03_26, ProtocolVersions.MCP_2025_06_18,
                ProtocolVersions.MCP_2025_11_25);
    }

    @Override
    public Mono<Void> connect(Function<Mono<McpSchema.JSONRPCMessage>, Mono<McpSchema.JSONRPCMessage>> handler) {
        this.handler = handler;
        return Mono.empty();
    }

    @Override
    public Mono<Void> sendMessage(McpSchema.JSONRPCMessage message) {
        // On a thread of its own: a server that answers a POST only when its work is done would otherwise hold
        // the caller's thread inside the send, out of reach of the client's request timeout.
        return Mono.fromFuture(() -> {
            var sent = new CompletableFuture<Void>();
            Thread.ofVirtual().name("moka-mcp-" + name + "-post").start(() -> {
                try {
                    post(message, false);
                    sent.complete(null);
                } catch (RuntimeException e) {
                    sent.completeExceptionally(e);
                }
            });
            return sent;
        });
    }

    /**
     * Sends one message; an error status fails the send, the answer arrives through the handler. A refused token
     * (401, or 403 with {@code insufficient_scope}) leads to one new sign-in and one more try.
     */
    private void post(McpSchema.JSONRPCMessage message, boolean signedInAgain) {
        if (closed) {
            return;
        }
        Object requestId = message instanceof McpSchema.JSONRPCRequest request ? request.id() : null;
        if (message instanceof McpSchema.JSONRPCRequest request && McpSchema.METHOD_INITIALIZE.equals(request.method())) {
            initializeId = request.id();
        }
        String body;
        try {
            body = new String(JsonRpcMessages.write(mapper, message), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new McpTransportException("cannot write the message", e);
        }
        HttpResponse<InputStream> response = send(request().header("Content-Type", "application/json")
                .header("Accept", "application/json, " + EVENT_STREAM)
                .POST(HttpRequest.BodyPublishers.ofString(body)).build());
        response.headers().firstValue(SESSION_HEADER).ifPresent(id -> sessionId = id);
        int status = response.statusCode();
        if (status >= 400) {
            String failure = failure(response);
            String challenge = response.headers().firstValue("WWW-Authenticate").orElse("");
            boolean refused = status == 401 || status == 403 && challenge.contains("insufficient_scope");
            if (refused && reauthorizer != null && !signedInAgain && reauthorizer.reauthorize(challenge)) {
                post(message, true);
                return;
            }
            throw new McpTransportException(status == 403 && refused ? failure + "; the server asks for a wider"
                    + " scope, and no new sign-in was made here: sign in again with `moka mcp login " + name + "`"
                    : failure);
        }
        String type = response.headers().firstValue("Content-Type").orElse("");
        if (status == 202 || requestId == null && !type.startsWith(EVENT_STREAM)) {
            drain(response);
            if (message instanceof McpSchema.JSONRPCNotification notification
                    && McpSchema.METHOD_NOTIFICATION_INITIALIZED.equals(notification.method())) {
                Thread.ofVirtual().name("moka-mcp-" + name + "-listen").start(this::listen);
            }
            return;
        }
        if (type.startsWith(EVENT_STREAM)) {
            Thread.ofVirtual().name("moka-mcp-" + name + "-stream").start(() -> follow(response.body(), requestId));
            return;
        }
        try (InputStream in = response.body()) {
            deliver(new String(in.readAllBytes(), StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new McpTransportException("the answer could not be read: " + e.getMessage(), e);
        }
    }

    /**
     * Reads one stream until it has carried the answer to {@code requestId} (null: until it ends for good),
     * resuming it with GET and {@code Last-Event-ID} whenever it ends early; the request fails when it cannot be
     * resumed.
     */
    private void follow(InputStream stream, Object requestId) {
        SseReader.Position position = new SseReader.Position(null, DEFAULT_RETRY);
        int resumes = 0;
        while (true) {
            SseReader.Outcome outcome = read(stream, requestId, position);
            position = outcome.position();
            if (outcome.answered() || closed) {
                return;
            }
            if (position.lastEventId() == null || resumes++ == MAX_RESUMES) {
                fail(requestId, "the server ended its stream before it answered"
                        + (position.lastEventId() == null ? ", and named no event to resume from" : ""));
                return;
            }
            try {
                Thread.sleep(position.retry());
                HttpResponse<InputStream> response = send(request().header("Accept", EVENT_STREAM)
                        .header("Last-Event-ID", position.lastEventId()).GET().build());
                if (response.statusCode() != 200) {
                    drain(response);
                    fail(requestId, "resuming its stream was refused with HTTP " + response.statusCode());
                    return;
                }
                stream = response.body();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            } catch (McpTransportException e) {
                fail(requestId, e.getMessage());
                return;
            }
        }
    }

    private SseReader.Outcome read(InputStream stream, Object requestId, SseReader.Position from) {
        open.add(stream);
        if (closed) {
            closeQuietly(stream);
        }
        try (stream) {
            return SseReader.read(stream, from, data -> deliver(data) && requestId != null
                    && answers(data, requestId));
        } catch (IOException e) {
            // A broken connection ends the stream like a closed one: it is resumed from the last event seen.
            return new SseReader.Outcome(from, false);
        } finally {
            open.remove(stream);
        }
    }

    private static void closeQuietly(InputStream stream) {
        try {
            stream.close();
        } catch (IOException e) {
            // It is being given up on.
        }
    }

    private boolean answers(String data, Object requestId) {
        try {
            return JsonRpcMessages.read(mapper, data) instanceof McpSchema.JSONRPCResponse response
                    && Objects.equals(String.valueOf(response.id()), String.valueOf(requestId));
        } catch (IOException | RuntimeException e) {
            return false;
        }
    }

    /** The standalone GET stream, where the server sends requests and notifications of its own. */
    private void listen() {
        try {
            HttpResponse<InputStream> response = send(request().header("Accept", EVENT_STREAM).GET().build());
            if (response.statusCode() != 200) {
                // 405: the server offers no such stream, which the spec allows.
                drain(response);
                return;
            }
            follow(response.body(), null);
        } catch (McpTransportException e) {
            // Without this stream the session still works: answers come on the POSTs' own streams.
        }
    }

    /** Hands the message in {@code json} to the client; false when it is none. */
    private boolean deliver(String json) {
        if (json.isBlank()) {
            return false;
        }
        McpSchema.JSONRPCMessage message;
        try {
            message = JsonRpcMessages.read(mapper, json);
        } catch (IOException | RuntimeException e) {
            return false;
        }
        if (message instanceof McpSchema.JSONRPCResponse response && response.id() != null
                && Objects.equals(String.valueOf(response.id()), String.valueOf(initializeId))
                && response.result() instanceof Map<?, ?> result && result.get("protocolVersion") instanceof String v) {
            protocolVersion = v;
        }
        handler.apply(Mono.just(message)).subscribe(handled -> { }, failed -> { });
        return true;
    }

    /** Answers {@code requestId} with an error, so the caller learns why now instead of at its timeout. */
    private void fail(Object requestId, String why) {
        if (requestId == null || closed) {
            return;
        }
        handler.apply(Mono.just(new McpSchema.JSONRPCResponse(McpSchema.JSONRPC_VERSION, requestId, null,
                new McpSchema.JSONRPCResponse.JSONRPCError(McpSchema.ErrorCodes.INTERNAL_ERROR, why, null))))
                .subscribe(handled -> { }, failed -> { });
    }

    private HttpRequest.Builder request() {
        HttpRequest.Builder builder = HttpRequest.newBuilder(uri).version(HttpClient.Version.HTTP_1_1);
        headers.get().forEach(builder::setHeader);
        if (sessionId != null) {
            builder.setHeader(SESSION_HEADER, sessionId);
        }
        if (protocolVersion != null) {
            builder.setHeader("MCP-Protocol-Version", protocolVersion);
        }
        return builder;
    }

    private HttpResponse<InputStream> send(HttpRequest request) {
        try {
            return http.send(request, HttpResponse.BodyHandlers.ofInputStream());
        } catch (IOException e) {
            throw new McpTransportException("cannot reach " + uri + ": " + e, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new McpTransportException("interrupted while reaching " + uri, e);
        }
    }

    /** What an error status says, in the words {@link Failures} recognizes ("status code 401"). */
    private String failure(HttpResponse<InputStream> response) {
        String text;
        try (InputStream in = response.body()) {
            text = new String(in.readNBytes(2000), StandardCharsets.UTF_8).strip();
        } catch (IOException e) {
            text = "";
        }
        String session = response.statusCode() == 404 && sessionId != null ? " (the session has ended)" : "";
        return "HTTP status code " + response.statusCode() + session + (text.isEmpty() ? "" : ": " + text);
    }

    private static void drain(HttpResponse<InputStream> response) {
        try (InputStream in = response.body()) {
            in.transferTo(java.io.OutputStream.nullOutputStream());
        } catch (IOException e) {
            // Nothing in it mattered.
        }
    }

    @Override
    public Mono<Void> closeGracefully() {
        return Mono.fromRunnable(this::end);
    }

    @Override
    public void close() {
        Thread.ofVirtual().name("moka-mcp-" + name + "-close").start(this::end);
    }

    /** Ends the session on the server (DELETE, as the spec asks) once; a server that refuses it is left so. */
    private void end() {
        if (closed) {
            return;
        }
        closed = true;
        open.forEach(StreamableHttpTransport::closeQuietly);
        if (sessionId != null) {
            try {
                drain(send(request().timeout(connectTimeout).DELETE().build()));
            } catch (McpTransportException e) {
                // The server is gone already.
            }
        }
    }

    @Override
    public <T> T unmarshalFrom(Object data, TypeRef<T> type) {
        return StartupResults.convert(mapper, data, type);
    }
}
