package dev.moka.core.client;

import dev.moka.core.auth.KeySource;
import dev.moka.core.client.ModelClientException.Kind;
import dev.moka.core.config.provider.ModelProviderInfo;
import dev.moka.protocol.Json;
import java.net.URI;
import java.net.http.HttpHeaders;
import java.time.Duration;
import java.util.Optional;
import java.util.regex.Pattern;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;

/** Reading a non-2xx answer: the server's error code and message, retry hints, and what kind of failure it is. */
final class HttpErrors {
    static final String CONTEXT_LENGTH_EXCEEDED = "context_length_exceeded";
    /** Servers ask for waits we do not want to sit through silently; longer hints are cut to this. */
    private static final Duration MAX_SERVER_DELAY = Duration.ofMinutes(2);
    private static final int MAX_MESSAGE = 500;

    /**
     * Phrases by which servers without the {@code context_length_exceeded} code say a prompt is too long:
     * OpenAI-compatible servers (vLLM, DeepSeek, OpenRouter: "maximum context length"), llama.cpp ("exceeds
     * the available context size", "Context size has been exceeded"), Moonshot ("exceeded model token limit").
     */
    private static final Pattern CONTEXT_TOO_LONG = Pattern.compile("maximum context length|context length exceeded"
            + "|exceeds? (the )?(available )?context (size|window|length)|context (size|window) (has been )?exceeded"
            + "|exceeded model token limit|longer than the maximum model length|prompt is too long",
            Pattern.CASE_INSENSITIVE);

    private HttpErrors() {}

    /**
     * The {@code error.code}, {@code error.type} and {@code error.message} of a body (a numeric code, as
     * llama.cpp sends, is no code). vLLM puts these at the top level and Ollama sends {@code "error"} as a
     * bare string; the raw text stands in for a message none of these shapes hold.
     */
    record ServerError(String code, String type, String message) {
        static ServerError parse(String body) {
            try {
                JsonNode root = Json.parse(body);
                if (root.get("error") instanceof JsonNode bare && bare.isString()) {
                    return new ServerError(null, null, bare.asString());
                }
                JsonNode error = root.get("error") instanceof JsonNode nested && nested.isObject() ? nested : root;
                String message = Json.text(error, "message");
                if (message != null || Json.text(error, "code") != null) {
                    return new ServerError(Json.text(error, "code"), Json.text(error, "type"),
                            message == null ? "" : message);
                }
            } catch (JacksonException e) {
                // Not JSON (a proxy's HTML page, say): the text itself is the best message there is.
            }
            String text = body.strip();
            return new ServerError(null, null,
                    text.length() > MAX_MESSAGE ? text.substring(0, MAX_MESSAGE) + "..." : text);
        }

        boolean contextLengthExceeded() {
            return HttpErrors.contextLengthExceeded(code, message) || "exceed_context_size_error".equals(type);
        }
    }

    /** Whether a failure says the prompt does not fit the model's window, by its code or in its words. */
    static boolean contextLengthExceeded(String code, String message) {
        return CONTEXT_LENGTH_EXCEEDED.equals(code) || (message != null && CONTEXT_TOO_LONG.matcher(message).find());
    }

    /**
     * 429 and 5xx are worth another try; everything else will fail the same way again, and so will a prompt
     * too long for the window, which some servers (llama.cpp) report with a 500.
     */
    static boolean retryable(int status, ServerError error) {
        return ((status == 429 && !"insufficient_quota".equals(error.code())) || status >= 500)
                && !error.contextLengthExceeded();
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
        if (error.contextLengthExceeded()) {
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
