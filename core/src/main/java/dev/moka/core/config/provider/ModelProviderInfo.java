package dev.moka.core.config.provider;

import java.net.URI;
import java.util.Map;

/**
 * A model provider as configured under {@code model_providers.<id>}: where to send requests and how to
 * authenticate. Retry caps are already clamped to {@link #MAX_RETRIES}.
 *
 * @param envKeyInstructions shown when the {@code env_key} variable is missing; may be null
 * @param bearerToken        {@code experimental_bearer_token}: a key written in config.toml; may be null
 * @param auth               {@code [model_providers.<id>.auth]}: a command that prints the token; may be null
 * @param keyHeader          where a static key is sent
 */
public record ModelProviderInfo(
        String id,
        String name,
        String baseUrl,
        String envKey,
        WireApi wireApi,
        Map<String, String> queryParams,
        Map<String, String> httpHeaders,
        Map<String, String> envHttpHeaders,
        int requestMaxRetries,
        int streamMaxRetries,
        long streamIdleTimeoutMs,
        String envKeyInstructions,
        String bearerToken,
        AuthCommand auth,
        KeyHeader keyHeader) {

    public static final int MAX_RETRIES = 100;
    public static final int DEFAULT_REQUEST_MAX_RETRIES = 4;
    public static final int DEFAULT_STREAM_MAX_RETRIES = 5;
    public static final long DEFAULT_STREAM_IDLE_TIMEOUT_MS = 300_000;

    public ModelProviderInfo {
        queryParams = Map.copyOf(queryParams);
        httpHeaders = Map.copyOf(httpHeaders);
        envHttpHeaders = Map.copyOf(envHttpHeaders);
        requestMaxRetries = Math.clamp(requestMaxRetries, 0, MAX_RETRIES);
        streamMaxRetries = Math.clamp(streamMaxRetries, 0, MAX_RETRIES);
        keyHeader = keyHeader == null ? KeyHeader.AUTHORIZATION : keyHeader;
    }

    /** A provider whose key, if any, comes from its {@code env_key} variable and goes as a bearer token. */
    public ModelProviderInfo(String id, String name, String baseUrl, String envKey, WireApi wireApi,
            Map<String, String> queryParams, Map<String, String> httpHeaders, Map<String, String> envHttpHeaders,
            int requestMaxRetries, int streamMaxRetries, long streamIdleTimeoutMs) {
        this(id, name, baseUrl, envKey, wireApi, queryParams, httpHeaders, envHttpHeaders, requestMaxRetries,
                streamMaxRetries, streamIdleTimeoutMs, null, null, null, KeyHeader.AUTHORIZATION);
    }

    /** This provider with other query parameters. */
    ModelProviderInfo withQueryParams(Map<String, String> params) {
        return new ModelProviderInfo(id, name, baseUrl, envKey, wireApi, params, httpHeaders, envHttpHeaders,
                requestMaxRetries, streamMaxRetries, streamIdleTimeoutMs, envKeyInstructions, bearerToken, auth,
                keyHeader);
    }

    /** The API key from the environment, or null when the provider needs none or it is unset. */
    public String apiKey(Map<String, String> env) {
        if (envKey == null) {
            return null;
        }
        String key = env.get(envKey);
        return key == null || key.isBlank() ? null : key.trim();
    }

    /** Whether the person has to supply a key: an {@code env_key}, a configured token or an auth command. */
    public boolean needsKey() {
        return envKey != null || bearerToken != null || auth != null;
    }

    /**
     * Whether {@code base_url} names this machine (a local server such as Ollama or LM Studio): a refused
     * connection there means nothing is running, and waiting and retrying will not change that.
     */
    public boolean isLocal() {
        try {
            String host = baseUrl == null ? null : URI.create(baseUrl).getHost();
            return host != null && (host.equalsIgnoreCase("localhost") || host.startsWith("127.")
                    || host.equals("[::1]") || host.equals("::1"));
        } catch (IllegalArgumentException e) {
            return false;
        }
    }
}
