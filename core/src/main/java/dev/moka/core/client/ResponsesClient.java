package dev.moka.core.client;

import dev.moka.core.Uuids;
import dev.moka.core.auth.KeyUnavailableException;
import dev.moka.core.auth.ProviderKey;
import dev.moka.core.exec.ShellEnvironmentPolicy;
import java.time.Clock;
import dev.moka.core.client.ModelClientException.Kind;
import dev.moka.core.config.ModelProviderInfo;
import dev.moka.core.log.SecretRedactor;
import dev.moka.protocol.Json;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import dev.moka.protocol.ResponseItem;
import dev.moka.protocol.ResponseItemCodec;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import java.util.Set;
import java.util.function.Consumer;
import java.util.function.Supplier;

/**
 * The model client for providers that speak the OpenAI Responses API: one {@code POST /responses} streamed
 * as SSE, with HTTP failures and broken streams retried within the provider's caps.
 */
public final class ResponsesClient implements ModelClient {
    /** Codes of {@code response.failed} that a later attempt may not hit. */
    private static final Set<String> TRANSIENT_CODES = Set.of("server_error", "internal_error",
            "server_is_overloaded", "overloaded", "slow_down");
    private static final int MAX_ERROR_BODY = 64 * 1024;

    /** What one attempt came to, short of an error not worth retrying (those are thrown). */
    private sealed interface Attempt {}

    private record Done(CompletedResponse response) implements Attempt {}

    /** No usable HTTP answer (unreachable, 429, 5xx); {@code serverDelay} is the server's hint or null. */
    private record RequestFailed(String reason, Duration serverDelay, Throwable cause) implements Attempt {}

    /** The answer started but its stream did not reach a usable end. */
    private record StreamFailed(String reason, Throwable cause) implements Attempt {}

    /** 401: the key was refused; a key from an auth command may be renewed once. */
    private record Rejected(ModelClientException error) implements Attempt {}

    private final ModelProviderInfo provider;
    private final Map<String, String> env;
    private final ProviderKey key;
    private final String conversationId;
    private final ClientIdentity identity;
    private final Supplier<HttpClient> http;
    private final Backoff backoff;
    private final Duration idleTimeout;
    private final RequestBodyEncoder encoder = new RequestBodyEncoder();
    /** Every message this client produces passes it: URLs carry query parameters, error bodies echo keys. */
    private final SecretRedactor redactor;

    /** A client whose key comes from {@code key}, the session's one source of it. */
    public ResponsesClient(ModelProviderInfo provider, Map<String, String> env, ProviderKey key,
            String conversationId, ClientIdentity identity, Supplier<HttpClient> http, Backoff backoff) {
        this.provider = provider;
        this.env = Map.copyOf(env);
        this.key = key;
        this.conversationId = conversationId;
        this.identity = identity;
        this.http = http;
        this.backoff = backoff;
        this.idleTimeout = Duration.ofMillis(Math.max(1, provider.streamIdleTimeoutMs()));
        this.redactor = ProviderSecrets.redactor(provider, env, key);
    }

    /** A client whose key comes from the configuration or the environment only (no auth.json). */
    public ResponsesClient(ModelProviderInfo provider, Map<String, String> env, String conversationId,
            ClientIdentity identity, Supplier<HttpClient> http, Backoff backoff) {
        this(provider, env, new ProviderKey(provider, env, null, ShellEnvironmentPolicy.DEFAULT.apply(env),
                Clock.systemUTC()), conversationId, identity, http, backoff);
    }

    @Override
    public CompletedResponse stream(Prompt prompt, Consumer<ResponseEvent> events) throws ModelClientException {
        URI uri = ResponsesRequest.uri(provider);
        byte[] body = encoder.encode(ResponsesRequest.bodyWithoutItems(prompt, conversationId), prompt.input());
        var lastRequest = new RequestIds();
        try {
            return streamWithRetries(uri, body, events, lastRequest);
        } catch (ModelClientException e) {
            throw e.withRequestId(lastRequest.describe()).redacted(redactor);
        }
    }

    /** The headers of the next attempt, with the key as it stands now. */
    private Map<String, String> headers(String accept) throws ModelClientException {
        try {
            Map<String, String> headers = new LinkedHashMap<>(
                    ResponsesRequest.headers(provider, env, key.header(), identity, conversationId));
            headers.put("accept", accept);
            return headers;
        } catch (KeyUnavailableException e) {
            throw new ModelClientException(Kind.UNAUTHORIZED, e.getMessage());
        } catch (InterruptedException e) {
            throw interrupted();
        }
    }

    private CompletedResponse streamWithRetries(URI uri, byte[] body, Consumer<ResponseEvent> events,
            RequestIds lastRequest) throws ModelClientException {
        int requestRetries = 0;
        int streamRetries = 0;
        boolean renewedKey = false;
        Map<String, String> headers = headers("text/event-stream");
        while (true) {
            switch (attempt(uri, headers, body, events, lastRequest)) {
                case Done done -> {
                    return done.response();
                }
                case Rejected rejected -> {
                    if (renewedKey || !key.rejected()) {
                        throw rejected.error();
                    }
                    renewedKey = true;
                    headers = headers("text/event-stream");
                }
                case RequestFailed failed -> pause(++requestRetries, provider.requestMaxRetries(), failed.reason(),
                        failed.serverDelay(), failed.cause(), events);
                case StreamFailed failed -> pause(++streamRetries, provider.streamMaxRetries(), failed.reason(),
                        null, failed.cause(), events);
            }
        }
    }

    /**
     * {@code POST /responses/compact}: the server summarises the input into items (one of them a
     * {@code compaction} item) that replace the history. Unreachable servers, 429 and 5xx are retried.
     */
    @Override
    public List<ResponseItem> compact(Prompt prompt) throws ModelClientException {
        URI uri = ResponsesRequest.compactUri(provider);
        byte[] body = Json.write(ResponsesRequest.compactBody(prompt, conversationId))
                .getBytes(StandardCharsets.UTF_8);
        try {
            return compactWithRetries(uri, body);
        } catch (ModelClientException e) {
            throw e.redacted(redactor);
        }
    }

    private List<ResponseItem> compactWithRetries(URI uri, byte[] body) throws ModelClientException {
        boolean renewedKey = false;
        Map<String, String> headers = headers("application/json");
        for (int retry = 1; ; retry++) {
            HttpResponse<InputStream> response;
            try {
                response = http.get().send(request(uri, headers, body, Uuids.v7()),
                        HttpResponse.BodyHandlers.ofInputStream());
            } catch (IOException e) {
                refusedLocally(e);
                pause(retry, provider.requestMaxRetries(), "cannot reach " + uri + ": " + describe(e), null, e,
                        event -> { });
                continue;
            } catch (InterruptedException e) {
                throw interrupted();
            }
            if (response.statusCode() / 100 == 2) {
                return compactedItems(uri, response);
            }
            switch (failedStatus(uri, response)) {
                case RequestFailed failed -> pause(retry, provider.requestMaxRetries(), failed.reason(),
                        failed.serverDelay(), null, event -> { });
                case Rejected rejected -> {
                    if (renewedKey || !key.rejected()) {
                        throw rejected.error();
                    }
                    renewedKey = true;
                    headers = headers("application/json");
                }
                case Done ignored -> throw new IllegalStateException("a failed status cannot be a response");
                case StreamFailed ignored -> throw new IllegalStateException("a failed status is not a stream");
            }
        }
    }

    /** A local server that refused the connection is not running: say so now rather than after every retry. */
    private void refusedLocally(IOException e) throws ModelClientException {
        if (LocalServers.refused(provider, e)) {
            throw new ModelClientException(Kind.RETRIES_EXHAUSTED, LocalServers.notListening(provider), e);
        }
    }

    private static List<ResponseItem> compactedItems(URI uri, HttpResponse<InputStream> response)
            throws ModelClientException {
        try (InputStream in = response.body()) {
            JsonNode output = Json.parse(new String(in.readAllBytes(), StandardCharsets.UTF_8)).get("output");
            if (output == null || !output.isArray()) {
                throw new ModelClientException(Kind.RESPONSE_FAILED, "the compaction answer from " + uri
                        + " holds no \"output\" list of items");
            }
            List<ResponseItem> items = new ArrayList<>();
            output.forEach(item -> items.add(ResponseItemCodec.fromJson(item)));
            return List.copyOf(items);
        } catch (IOException | JacksonException e) {
            throw new ModelClientException(Kind.RESPONSE_FAILED, "cannot read the compaction answer from " + uri
                    + ": " + e.getMessage(), e);
        }
    }

    /** Shuts the HTTP client down, so that no selector thread delays the exit of the JVM. */
    @Override
    public void close() {
        HttpClient client = http.get();
        client.shutdownNow();
        client.close();
    }

    private Attempt attempt(URI uri, Map<String, String> headers, byte[] body, Consumer<ResponseEvent> events,
            RequestIds lastRequest) throws ModelClientException {
        HttpResponse<InputStream> response;
        String clientRequestId = Uuids.v7();
        lastRequest.sent(clientRequestId);
        try {
            response = http.get().send(request(uri, headers, body, clientRequestId),
                    HttpResponse.BodyHandlers.ofInputStream());
            lastRequest.answered(response.headers().firstValue("x-request-id").orElse(null));
        } catch (IOException e) {
            refusedLocally(e);
            return new RequestFailed("cannot reach " + uri + ": " + describe(e), null, e);
        } catch (InterruptedException e) {
            throw interrupted();
        }
        if (response.statusCode() / 100 != 2) {
            return failedStatus(uri, response);
        }
        var decoder = new ResponseStreamDecoder(events);
        try (var stream = new TimedSseStream(response.body(), idleTimeout)) {
            while (true) {
                SseParser.Message message = stream.next();
                if (message == null) {
                    return new StreamFailed("the stream from " + uri + " ended before response.completed", null);
                }
                StreamOutcome outcome = decoder.accept(message);
                if (outcome != null) {
                    return finish(outcome);
                }
            }
        } catch (IOException e) {
            return new StreamFailed("the stream from " + uri + " broke: " + describe(e), e);
        } catch (InterruptedException e) {
            throw interrupted();
        }
    }

    private HttpRequest request(URI uri, Map<String, String> headers, byte[] body, String clientRequestId)
            throws ModelClientException {
        HttpRequest.Builder builder = HttpRequest.newBuilder(uri).timeout(idleTimeout)
                .POST(HttpRequest.BodyPublishers.ofByteArray(body));
        if ("http".equalsIgnoreCase(uri.getScheme())) {
            // Over plain HTTP the JDK would offer an h2c upgrade, which some local model servers mishandle.
            builder.version(HttpClient.Version.HTTP_1_1);
        }
        for (var header : headers.entrySet()) {
            try {
                builder.header(header.getKey(), header.getValue());
            } catch (IllegalArgumentException e) {
                throw new ModelClientException(Kind.BAD_REQUEST, "header '" + header.getKey() + "' of model provider '"
                        + provider.id() + "' cannot be sent: " + e.getMessage() + "; remove it from the provider's "
                        + "http_headers or env_http_headers");
            }
        }
        return builder.header("x-client-request-id", clientRequestId).build();
    }

    private Attempt failedStatus(URI uri, HttpResponse<InputStream> response) throws ModelClientException {
        String text;
        try (InputStream in = response.body()) {
            text = new String(in.readNBytes(MAX_ERROR_BODY), StandardCharsets.UTF_8);
        } catch (IOException e) {
            text = "";
        }
        int status = response.statusCode();
        var error = HttpErrors.ServerError.parse(text);
        if (HttpErrors.retryable(status, error)) {
            return new RequestFailed(HttpErrors.describe(status, uri, error),
                    HttpErrors.retryAfter(response.headers()).orElse(null), null);
        }
        ModelClientException fatal = HttpErrors.fatal(status, uri, error, provider, key.source());
        if (status == 401) {
            return new Rejected(fatal);
        }
        throw fatal;
    }

    private Attempt finish(StreamOutcome outcome) throws ModelClientException {
        return switch (outcome) {
            case StreamOutcome.Completed completed -> new Done(completed.response());
            case StreamOutcome.Broken broken -> new StreamFailed(broken.reason(), broken.cause());
            case StreamOutcome.Incomplete incomplete -> throw new ModelClientException(Kind.RESPONSE_FAILED,
                    "the response ended incomplete: " + incomplete.reason());
            case StreamOutcome.Failed failed -> {
                String what = "the response failed (" + failed.code() + "): " + failed.message();
                if (HttpErrors.CONTEXT_LENGTH_EXCEEDED.equals(failed.code())) {
                    throw new ModelClientException(Kind.CONTEXT_LENGTH_EXCEEDED, what);
                }
                if (failed.code() != null
                        && (failed.code().contains("rate_limit") || TRANSIENT_CODES.contains(failed.code()))) {
                    yield new StreamFailed(what, null);
                }
                throw new ModelClientException(Kind.RESPONSE_FAILED, what);
            }
        };
    }

    /** Waits before retry number {@code retry}, or gives up when the cap {@code max} is spent. */
    private void pause(int retry, int max, String reason, Duration serverDelay, Throwable cause,
            Consumer<ResponseEvent> events) throws ModelClientException {
        if (retry > max) {
            throw new ModelClientException(Kind.RETRIES_EXHAUSTED,
                    reason + " (gave up after " + max + (max == 1 ? " retry)" : " retries)"), cause);
        }
        Duration delay = serverDelay != null ? serverDelay : backoff.delay(retry);
        events.accept(new ResponseEvent.Retrying(retry, max,
                redactor.redact(reason + "; retrying in " + delay.toMillis() + " ms")));
        try {
            Thread.sleep(delay);
        } catch (InterruptedException e) {
            throw interrupted();
        }
    }

    /** The ids of the latest attempt of one call: ours, and the server's when it answered with one. */
    private static final class RequestIds {
        private String client;
        private String server;

        void sent(String clientRequestId) {
            client = clientRequestId;
            server = null;
        }

        void answered(String serverRequestId) {
            server = serverRequestId;
        }

        String describe() {
            if (client == null) {
                return null;
            }
            return "x-client-request-id " + client + (server == null ? "" : ", x-request-id " + server);
        }
    }

    private static ModelClientException interrupted() {
        Thread.currentThread().interrupt();
        return new ModelClientException(Kind.INTERRUPTED, "the model request was interrupted");
    }

    private static String describe(IOException e) {
        String name = e.getClass().getSimpleName();
        return e.getMessage() == null ? name : name + ": " + e.getMessage();
    }
}
