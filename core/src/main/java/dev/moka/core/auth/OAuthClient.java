package dev.moka.core.auth;

import dev.moka.protocol.Json;
import java.io.IOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Supplier;
import java.util.stream.Collectors;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;

/** Form-encoded requests to an OAuth token endpoint (RFC 6749) and its JSON answers. */
final class OAuthClient {
    private static final Duration TIMEOUT = Duration.ofSeconds(30);

    private final Supplier<HttpClient> http;

    OAuthClient(Supplier<HttpClient> http) {
        this.http = http;
    }

    /** The JSON answer and status of a form POST; never throws for a non-200 status. */
    Reply post(String endpoint, Map<String, String> form) throws OAuthException, InterruptedException {
        return post(endpoint, form, null);
    }

    /** A form POST with an {@code Authorization} header (a client's Basic credentials) unless it is null. */
    Reply post(String endpoint, Map<String, String> form, String authorization)
            throws OAuthException, InterruptedException {
        return send(endpoint, "application/x-www-form-urlencoded", HttpRequest.BodyPublishers.ofString(encoded(form)),
                authorization);
    }

    /** {@code form} as {@code application/x-www-form-urlencoded}, which is also a URL's query. */
    static String encoded(Map<String, String> form) {
        return form.entrySet().stream()
                .map(e -> encode(e.getKey()) + "=" + encode(e.getValue()))
                .collect(Collectors.joining("&"));
    }

    /** The JSON answer and status of a JSON POST (dynamic client registration, RFC 7591). */
    Reply postJson(String endpoint, JsonNode json) throws OAuthException, InterruptedException {
        return send(endpoint, "application/json", HttpRequest.BodyPublishers.ofString(json.toString()), null);
    }

    /** The JSON answer and status of a GET (metadata documents). */
    Reply get(String endpoint) throws OAuthException, InterruptedException {
        return send(endpoint, null, null, null);
    }

    /** A GET when {@code body} is null, otherwise a POST of {@code body} as {@code contentType}. */
    private Reply send(String endpoint, String contentType, HttpRequest.BodyPublisher body, String authorization)
            throws OAuthException, InterruptedException {
        HttpRequest request;
        try {
            HttpRequest.Builder builder = HttpRequest.newBuilder(URI.create(endpoint)).timeout(TIMEOUT)
                    .version(HttpClient.Version.HTTP_1_1).header("Accept", "application/json");
            if (authorization != null) {
                builder.header("Authorization", authorization);
            }
            request = (body == null ? builder.GET() : builder.header("Content-Type", contentType).POST(body)).build();
        } catch (IllegalArgumentException e) {
            throw new OAuthException("OAuth endpoint \"" + endpoint + "\" is not a valid URL; fix it in config.toml");
        }
        try {
            HttpResponse<String> response = http.get().send(request, HttpResponse.BodyHandlers.ofString());
            JsonNode json;
            try {
                json = Json.parse(response.body().isBlank() ? "{}" : response.body());
            } catch (JacksonException e) {
                throw new OAuthException(endpoint + " answered " + response.statusCode() + " with a body that is "
                        + "not JSON");
            }
            return new Reply(response.statusCode(), json);
        } catch (IOException e) {
            throw new OAuthException("cannot reach " + endpoint + ": " + e, e);
        }
    }

    /** The token from a successful token response; the old refresh token is kept when none is returned. */
    static StoredToken token(JsonNode json, String previousRefresh, Instant now) throws OAuthException {
        String access = Json.text(json, "access_token");
        if (access == null) {
            throw new OAuthException("the token response holds no access_token");
        }
        String refresh = Json.text(json, "refresh_token");
        JsonNode expiresIn = json.get("expires_in");
        Instant expiresAt = expiresIn != null && expiresIn.isNumber() ? now.plusSeconds(expiresIn.longValue()) : null;
        return new StoredToken(access, refresh != null ? refresh : previousRefresh, expiresAt);
    }

    static Map<String, String> form(String... pairs) {
        Map<String, String> form = new LinkedHashMap<>();
        for (int i = 0; i + 1 < pairs.length; i += 2) {
            if (pairs[i + 1] != null) {
                form.put(pairs[i], pairs[i + 1]);
            }
        }
        return form;
    }

    static String describeError(Reply reply) {
        String error = Json.text(reply.json(), "error");
        String description = Json.text(reply.json(), "error_description");
        return "HTTP " + reply.status() + (error == null ? "" : " " + error)
                + (description == null ? "" : " (" + description + ")");
    }

    /** One value form-encoded (as a form's keys and values, and the parts of Basic client credentials, are). */
    static String encode(String text) {
        return URLEncoder.encode(text, StandardCharsets.UTF_8);
    }

    /** A status and a JSON body ({@code {}} when the body was empty). */
    record Reply(int status, JsonNode json) {}
}
