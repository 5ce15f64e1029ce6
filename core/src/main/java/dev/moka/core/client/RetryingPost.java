package dev.moka.core.client;

import dev.moka.core.net.Backoff;
import dev.moka.core.Uuids;
import dev.moka.core.auth.KeyUnavailableException;
import dev.moka.core.auth.ProviderKey;
import dev.moka.core.client.ModelClientException.Kind;
import dev.moka.core.config.provider.ModelProviderInfo;
import dev.moka.core.log.SecretRedactor;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;
import java.util.function.Supplier;

/**
 * One model request POSTed to a provider and retried within its caps, whatever wire API the body speaks:
 * unreachable servers, 429 and 5xx up to {@code request_max_retries}, broken or stalled streams up to
 * {@code stream_max_retries}, each pause announced as a {@link ResponseEvent.Retrying}; a key refused with 401
 * is renewed once when an auth command gave it. Every failure that leaves here names the request it came
 * from and has passed the provider's secret redactor.
 */
final class RetryingPost {
    /** Codes of a failure reported inside a stream that a later attempt may not hit. */
    private static final Set<String> TRANSIENT_CODES = Set.of("server_error", "internal_error",
            "server_is_overloaded", "overloaded", "slow_down");
    private static final int MAX_ERROR_BODY = 64 * 1024;

    /** What one attempt came to, short of an error not worth retrying (those are thrown). */
    private sealed interface Attempt {}

    private record Done(CompletedResponse response) implements Attempt {}

    /** What a non-2xx answer comes to when it is not thrown at once. */
    private sealed interface StatusFailed extends Attempt {}

    /** No usable HTTP answer (unreachable, 429, 5xx); {@code serverDelay} is the server's hint or null. */
    private record RequestFailed(String reason, Duration serverDelay, Throwable cause) implements StatusFailed {}

    /** The answer started but its stream did not reach a usable end. */
    private record StreamFailed(String reason, Throwable cause) implements Attempt {}

    /** 401: the key was refused; a key from an auth command may be renewed once. */
    private record Rejected(ModelClientException error) implements StatusFailed {}

    /** Reads a successful answer that is one document rather than a stream. */
    @FunctionalInterface
    interface BodyReader<T> {
        T read(URI uri, HttpResponse<InputStream> response) throws ModelClientException;
    }

    private final ModelProviderInfo provider;
    private final Map<String, String> env;
    private final ProviderKey key;
    private final String conversationId;
    private final ClientIdentity identity;
    private final Supplier<HttpClient> http;
    private final Backoff backoff;
    private final Duration idleTimeout;
    /** Every message passes it: URLs carry query parameters, error bodies echo keys. */
    private final SecretRedactor redactor;

    /**
     * {@code key} is the session's one source of the provider's key; {@code conversationId} goes out as the
     * session header.
     */
    RetryingPost(ModelProviderInfo provider, Map<String, String> env, ProviderKey key, String conversationId,
            ClientIdentity identity, Supplier<HttpClient> http, Backoff backoff) {
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

    /** POSTs {@code body} and decodes the answer's stream with a new decoder from {@code decoders} per attempt. */
    CompletedResponse stream(URI uri, byte[] body, Supplier<StreamDecoder> decoders, Consumer<ResponseEvent> events)
            throws ModelClientException {
        var lastRequest = new RequestIds();
        try {
            int requestRetries = 0;
            int streamRetries = 0;
            boolean renewedKey = false;
            Map<String, String> headers = headers("text/event-stream");
            while (true) {
                switch (attempt(uri, headers, body, decoders.get(), lastRequest)) {
                    case Done done -> {
                        return done.response();
                    }
                    case Rejected rejected -> {
                        renewedKey = renewOnce(rejected, renewedKey);
                        headers = headers("text/event-stream");
                    }
                    case RequestFailed failed -> pause(++requestRetries, provider.requestMaxRetries(),
                            failed.reason(), failed.serverDelay(), failed.cause(), events);
                    case StreamFailed failed -> pause(++streamRetries, provider.streamMaxRetries(), failed.reason(),
                            null, failed.cause(), events);
                }
            }
        } catch (ModelClientException e) {
            throw e.withRequestId(lastRequest.describe()).redacted(redactor);
        }
    }

    /** POSTs {@code body} for one JSON answer, read by {@code reader}; unreachable servers, 429 and 5xx are retried. */
    <T> T fetch(URI uri, byte[] body, BodyReader<T> reader) throws ModelClientException {
        try {
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
                    return reader.read(uri, response);
                }
                switch (failedStatus(uri, response)) {
                    case Rejected rejected -> {
                        renewedKey = renewOnce(rejected, renewedKey);
                        headers = headers("application/json");
                    }
                    case RequestFailed failed -> pause(retry, provider.requestMaxRetries(), failed.reason(),
                            failed.serverDelay(), null, event -> { });
                }
            }
        } catch (ModelClientException e) {
            throw e.redacted(redactor);
        }
    }

    /** The headers of the next attempt, with the key as it stands now; {@code accept} is what the answer is. */
    private Map<String, String> headers(String accept) throws ModelClientException {
        try {
            Map<String, String> headers = new LinkedHashMap<>(
                    ProviderRequest.headers(provider, env, key.header(), identity, conversationId));
            headers.put("accept", accept);
            return headers;
        } catch (KeyUnavailableException e) {
            throw new ModelClientException(Kind.UNAUTHORIZED, e.getMessage());
        } catch (InterruptedException e) {
            throw interrupted();
        }
    }

    /** A refused key is tried once more when its source (an auth command) can give a fresh one. */
    private boolean renewOnce(Rejected rejected, boolean renewedAlready) throws ModelClientException {
        if (renewedAlready || !key.rejected()) {
            throw rejected.error();
        }
        return true;
    }

    /** A local server that refused the connection is not running: say so now rather than after every retry. */
    private void refusedLocally(IOException e) throws ModelClientException {
        if (LocalServers.refused(provider, e)) {
            throw new ModelClientException(Kind.RETRIES_EXHAUSTED, LocalServers.notListening(provider), e);
        }
    }

    private Attempt attempt(URI uri, Map<String, String> headers, byte[] body, StreamDecoder decoder,
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
        try (var stream = new TimedSseStream(response.body(), idleTimeout)) {
            while (true) {
                SseParser.Message message = stream.next();
                if (message == null) {
                    return finish(uri, decoder.closed(), true);
                }
                StreamOutcome outcome = decoder.accept(message);
                if (outcome != null) {
                    return finish(uri, outcome, false);
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

    /** A non-2xx answer worth retrying, or a refused key; any other is thrown as the failure it is. */
    private StatusFailed failedStatus(URI uri, HttpResponse<InputStream> response) throws ModelClientException {
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

    /** {@code atClose}: the stream closed without its terminal message, which the decoder judged. */
    private static Attempt finish(URI uri, StreamOutcome outcome, boolean atClose) throws ModelClientException {
        return switch (outcome) {
            case StreamOutcome.Completed completed -> new Done(completed.response());
            case StreamOutcome.Broken broken -> new StreamFailed(
                    atClose ? "the stream from " + uri + " " + broken.reason() : broken.reason(), broken.cause());
            case StreamOutcome.Failed failed -> {
                String what = "the response failed (" + failed.code() + "): " + failed.message();
                if (HttpErrors.contextLengthExceeded(failed.code(), failed.message())) {
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
