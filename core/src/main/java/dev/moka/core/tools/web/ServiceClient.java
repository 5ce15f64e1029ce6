package dev.moka.core.tools.web;

import dev.moka.core.MokaVersion;
import dev.moka.core.auth.OAuthException;
import dev.moka.core.auth.TokenSource;
import dev.moka.core.net.Backoff;
import dev.moka.core.config.service.ServiceEndpoint;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpConnectTimeoutException;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.function.Supplier;

/**
 * POSTs JSON to one configured service with Moka's headers, retrying 429, 5xx and failed connections a bounded
 * number of times with backoff. Every outcome is a {@link Reply} or a {@link Failure} that says how many
 * attempts were made.
 */
final class ServiceClient {
    static final String CALL_ID_HEADER = "X-Msh-Tool-Call-Id";
    /** Headers a custom header may never replace: the key, and the id the service traces the call by. */
    private static final Set<String> PROTECTED = Set.of("authorization", CALL_ID_HEADER.toLowerCase(Locale.ROOT));
    private static final int SHOWN_BODY_CHARS = 300;

    private final ServiceEndpoint endpoint;
    private final Supplier<HttpClient> http;
    private final TokenSource tokens;
    private final Backoff backoff;

    ServiceClient(ServiceEndpoint endpoint, Supplier<HttpClient> http, TokenSource tokens, Backoff backoff) {
        this.endpoint = endpoint;
        this.http = http;
        this.tokens = tokens;
        this.backoff = backoff;
    }

    ServiceEndpoint endpoint() {
        return endpoint;
    }

    /** A 200 answer and the attempts it took. */
    record Reply(String body, int attempts) {}

    /** The call failed for good; the message names the cause (status, timeout, connection) and the fix. */
    static final class Failure extends Exception {
        final int attempts;

        Failure(String message, int attempts) {
            super(message);
            this.attempts = attempts;
        }
    }

    Reply post(String json, String callId, Map<String, String> extraHeaders) throws Failure, InterruptedException {
        String key = apiKey();
        URI uri;
        try {
            uri = URI.create(endpoint.baseUrl());
        } catch (IllegalArgumentException e) {
            throw new Failure("services." + endpoint.name() + ".base_url \"" + endpoint.baseUrl()
                    + "\" is not a valid URL; fix it in config.toml", 0);
        }
        HttpRequest request = request(uri, json, key, callId, extraHeaders);
        int attempts = 0;
        while (true) {
            attempts++;
            boolean last = attempts > endpoint.maxRetries();
            try {
                HttpResponse<String> response = http.get().send(request, HttpResponse.BodyHandlers.ofString());
                int status = response.statusCode();
                if (status == 200) {
                    return new Reply(response.body(), attempts);
                }
                if (last || !(status == 429 || status >= 500)) {
                    throw new Failure(statusMessage(status, response.body()), attempts);
                }
            } catch (HttpConnectTimeoutException e) {
                if (last) {
                    throw new Failure("could not connect to " + uri + " within " + seconds() + " s", attempts);
                }
            } catch (HttpTimeoutException e) {
                // A stalled service is not retried: another attempt would likely stall as long again.
                throw new Failure("the service at " + uri + " did not answer within " + seconds()
                        + " s (services." + endpoint.name() + ".timeout_seconds)", attempts);
            } catch (IOException e) {
                if (last) {
                    throw new Failure("the connection to " + uri + " failed: " + describe(e), attempts);
                }
            }
            Thread.sleep(backoff.delay(attempts));
        }
    }

    private String apiKey() throws Failure, InterruptedException {
        if (endpoint.oauth() != null) {
            try {
                return tokens.accessToken(endpoint.oauth());
            } catch (OAuthException e) {
                throw new Failure(e.getMessage(), 0);
            }
        }
        if (endpoint.apiKey() == null) {
            throw new Failure("services." + endpoint.name() + " has no api_key (or its variable is unset)", 0);
        }
        return endpoint.apiKey();
    }

    private HttpRequest request(URI uri, String json, String key, String callId, Map<String, String> extra)
            throws Failure {
        Map<String, String> headers = new LinkedHashMap<>();
        headers.put("Content-Type", "application/json");
        headers.putAll(extra);
        headers.put("Authorization", "Bearer " + key);
        headers.put("User-Agent", "Moka/" + MokaVersion.get());
        headers.put(CALL_ID_HEADER, callId);
        endpoint.customHeaders().forEach((name, value) -> {
            if (!PROTECTED.contains(name.toLowerCase(Locale.ROOT))) {
                headers.keySet().removeIf(existing -> existing.equalsIgnoreCase(name));
                headers.put(name, value);
            }
        });
        HttpRequest.Builder builder = HttpRequest.newBuilder(uri).timeout(endpoint.timeout()).version(HttpClient.Version.HTTP_1_1)
                .POST(HttpRequest.BodyPublishers.ofString(json));
        for (Map.Entry<String, String> header : headers.entrySet()) {
            try {
                builder.header(header.getKey(), header.getValue());
            } catch (IllegalArgumentException e) {
                throw new Failure("services." + endpoint.name() + ".custom_headers: \"" + header.getKey()
                        + "\" cannot be set (" + e.getMessage() + "); remove it from config.toml", 0);
            }
        }
        return builder.build();
    }

    private String statusMessage(int status, String body) {
        String shown = body == null ? "" : body.strip();
        if (shown.length() > SHOWN_BODY_CHARS) {
            shown = shown.substring(0, SHOWN_BODY_CHARS) + "...";
        }
        String hint = switch (status) {
            case 401, 403 -> "; the key was refused: check services." + endpoint.name() + ".api_key or oauth";
            case 404 -> "; check services." + endpoint.name() + ".base_url";
            case 429 -> "; the service is rate limiting, try again later";
            default -> status >= 500 ? "; the service is failing, try again later" : "";
        };
        return "the service answered HTTP " + status + (shown.isEmpty() ? "" : " (" + shown + ")") + hint;
    }

    private long seconds() {
        return endpoint.timeout().toSeconds();
    }

    static String describe(IOException e) {
        String message = e.getMessage();
        return message == null || message.isBlank() ? e.getClass().getSimpleName() : message;
    }
}
