package dev.moka.core.client;

import dev.moka.core.auth.KeySource;
import dev.moka.core.client.ModelClientException.Kind;
import dev.moka.core.config.ModelProviderInfo;
import dev.moka.protocol.Json;
import java.net.URI;
import java.net.http.HttpHeaders;
import java.time.Duration;
import java.util.Optional;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;

/** Reading a non-2xx answer: the server's error code and message, retry hints, and what kind of failure it is. */
final class HttpErrors {
    static final String CONTEXT_LENGTH_EXCEEDED = "context_length_exceeded";
    /** Servers ask for waits we do not want to sit through silently; longer hints are cut to this. */
    private static final Duration MAX_SERVER_DELAY = Duration.ofMinutes(2);
    private static final int MAX_MESSAGE = 500;

    private HttpErrors() {}

    /** The {@code error.code} and {@code error.message} of a body; the raw text stands in for a missing message. */
    record ServerError(String code, String message) {
        static ServerError parse(String body) {
            try {
                JsonNode error = Json.parse(body).path("error");
                String message = Json.text(error, "message");
                if (message != null || Json.text(error, "code") != null) {
                    return new ServerError(Json.text(error, "code"), message == null ? "" : message);
                }
            } catch (JacksonException e) {
                // Not JSON (a proxy's HTML page, say): the text itself is the best message there is.
            }
            String text = body.strip();
            return new ServerError(null, text.length() > MAX_MESSAGE ? text.substring(0, MAX_MESSAGE) + "..." : text);
        }
    }

    /** 429 and 5xx are worth another try; everything else will fail the same way again. */
    static boolean retryable(int status, ServerError error) {
        return (status == 429 && !"insufficient_quota".equals(error.code())) || status >= 500;
    }

    /** The wait the server asked for ({@code retry-after-ms}, else {@code retry-after} in seconds), if any. */
    static Optional<Duration> retryAfter(HttpHeaders headers) {
        Optional<Duration> millis = headers.firstValue("retry-after-ms").flatMap(v -> number(v, 1));
        Optional<Duration> delay = millis.isPresent() ? millis
                : headers.firstValue("retry-after").flatMap(v -> number(v, 1000));
        return delay.map(d -> d.compareTo(MAX_SERVER_DELAY) > 0 ? MAX_SERVER_DELAY : d);
    }

    /** A one-line description of a failed answer, for retry events and final errors. */
    static String describe(int status, URI uri, ServerError error) {
        // Server messages may span lines; our errors stay one line.
        String message = error.message().replaceAll("\\s*\\R\\s*", " ");
        String detail = message.isEmpty() ? "" : ": " + message;
        return "HTTP " + status + " from " + uri + detail;
    }

    /** The error for an answer that is not worth retrying, for a key from the provider's {@code env_key}. */
    static ModelClientException fatal(int status, URI uri, ServerError error, ModelProviderInfo provider) {
        return fatal(status, uri, error, provider, provider.envKey() == null ? KeySource.NONE : KeySource.ENVIRONMENT);
    }

    /** The error for an answer that is not worth retrying; {@code source} is where the key sent came from. */
    static ModelClientException fatal(int status, URI uri, ServerError error, ModelProviderInfo provider,
            KeySource source) {
        String what = describe(status, uri, error);
        if (status == 401 || status == 403) {
            return new ModelClientException(Kind.UNAUTHORIZED, what + "; " + authHint(provider, source));
        }
        if (CONTEXT_LENGTH_EXCEEDED.equals(error.code())) {
            return new ModelClientException(Kind.CONTEXT_LENGTH_EXCEEDED, what);
        }
        if ("insufficient_quota".equals(error.code())) {
            return new ModelClientException(Kind.BAD_REQUEST, what + "; check the plan and billing of this API key");
        }
        return new ModelClientException(Kind.BAD_REQUEST, what);
    }

    /** How to fix the credentials of this provider, where the refused key came from. */
    static String authHint(ModelProviderInfo provider, KeySource source) {
        String id = provider.id();
        return switch (source) {
            case CONFIG_TOKEN -> "check experimental_bearer_token in [model_providers." + id + "]";
            case ENVIRONMENT -> "check that " + provider.envKey() + " holds a valid API key for provider '" + id + "'";
            case AUTH_FILE -> "the key stored for provider '" + id + "' in auth.json was refused; store a valid one"
                    + " with `moka login --with-api-key --provider " + id + "`";
            case AUTH_COMMAND -> "the token printed by the auth command of provider '" + id + "' was refused, also"
                    + " after running it again; check [model_providers." + id + ".auth]";
            case NONE -> "provider '" + id + "' sends no API key; set model_providers." + id
                    + ".env_key to the environment variable that holds one";
        };
    }

    private static Optional<Duration> number(String text, long unitMillis) {
        try {
            double value = Double.parseDouble(text.strip());
            return value >= 0 && Double.isFinite(value)
                    ? Optional.of(Duration.ofNanos((long) (value * unitMillis * 1_000_000)))
                    : Optional.empty();
        } catch (NumberFormatException e) {
            // An HTTP date is allowed here too; our own backoff is a fine answer to it.
            return Optional.empty();
        }
    }
}
