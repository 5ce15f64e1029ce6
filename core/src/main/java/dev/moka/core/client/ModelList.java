package dev.moka.core.client;

import dev.moka.core.auth.KeyUnavailableException;
import dev.moka.core.auth.ProviderKey;
import dev.moka.core.client.ModelClientException.Kind;
import dev.moka.core.config.provider.ModelProviderInfo;
import dev.moka.core.log.SecretRedactor;
import dev.moka.protocol.Json;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;

/**
 * {@code GET {base_url}/models}: the ids a provider serves ({@code {"data": [{"id": ...}]}}, the shape of OpenAI and
 * of local servers alike), fetched with the provider's key and headers.
 */
public final class ModelList {
    private static final Duration TIMEOUT = Duration.ofSeconds(30);

    private final ModelProviderInfo provider;
    private final Map<String, String> env;
    private final ProviderKey key;
    private final Supplier<HttpClient> http;
    private final ClientIdentity identity;
    private final SecretRedactor redactor;

    public ModelList(ModelProviderInfo provider, Map<String, String> env, ProviderKey key, Supplier<HttpClient> http,
            ClientIdentity identity) {
        this.provider = provider;
        this.env = Map.copyOf(env);
        this.key = key;
        this.http = http;
        this.identity = identity;
        this.redactor = ProviderSecrets.redactor(provider, env, key);
    }

    /** The model ids, in the server's order; a failure is one line, with every key masked. */
    public List<String> fetch() throws ModelClientException, InterruptedException {
        URI uri = ProviderRequest.uri(provider, "/models");
        try {
            HttpResponse<String> response = send(uri);
            if (response.statusCode() == 401 && key.rejected()) {
                response = send(uri);
            }
            if (response.statusCode() / 100 != 2) {
                throw HttpErrors.fatal(response.statusCode(), uri, HttpErrors.ServerError.parse(response.body()),
                        provider, key.source());
            }
            return ids(uri, response.body());
        } catch (ModelClientException e) {
            throw e.redacted(redactor);
        }
    }

    private HttpResponse<String> send(URI uri) throws ModelClientException, InterruptedException {
        HttpRequest.Builder request = HttpRequest.newBuilder(uri).timeout(TIMEOUT).GET();
        if ("http".equalsIgnoreCase(uri.getScheme())) {
            request.version(HttpClient.Version.HTTP_1_1);
        }
        try {
            headers().forEach(request::header);
        } catch (IllegalArgumentException e) {
            throw new ModelClientException(Kind.BAD_REQUEST, "a header of model provider '" + provider.id()
                    + "' cannot be sent: " + e.getMessage());
        }
        try {
            return http.get().send(request.build(), HttpResponse.BodyHandlers.ofString());
        } catch (IOException e) {
            String why = LocalServers.refused(provider, e) ? LocalServers.notListening(provider)
                    : "cannot reach " + uri + ": " + (e.getMessage() == null ? e.getClass().getSimpleName()
                            : e.getMessage());
            throw new ModelClientException(Kind.RETRIES_EXHAUSTED, why, e);
        }
    }

    private Map<String, String> headers() throws ModelClientException, InterruptedException {
        Map<String, String> headers = new LinkedHashMap<>();
        try {
            Map.Entry<String, String> auth = key.header();
            if (auth != null) {
                headers.put(auth.getKey(), auth.getValue());
            }
        } catch (KeyUnavailableException e) {
            throw new ModelClientException(Kind.UNAUTHORIZED, e.getMessage());
        }
        headers.put("accept", "application/json");
        headers.put("originator", identity.originator());
        headers.put("user-agent", identity.userAgent());
        ProviderRequest.addProviderHeaders(provider, env, headers);
        return headers;
    }

    private static List<String> ids(URI uri, String body) throws ModelClientException {
        JsonNode data;
        try {
            data = Json.parse(body).get("data");
        } catch (JacksonException e) {
            data = null;
        }
        if (data == null || !data.isArray()) {
            throw new ModelClientException(Kind.RESPONSE_FAILED, "the answer of " + uri + " holds no \"data\" list"
                    + " of models");
        }
        List<String> ids = new ArrayList<>();
        for (JsonNode model : data) {
            String id = Json.text(model, "id");
            if (id != null) {
                ids.add(id);
            }
        }
        return List.copyOf(ids);
    }
}
