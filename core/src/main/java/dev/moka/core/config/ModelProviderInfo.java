package dev.moka.core.config;

import java.util.Map;

/**
 * A model provider as configured under {@code model_providers.<id>}: where to send requests and how to
 * authenticate. Retry caps are already clamped to {@link #MAX_RETRIES}.
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
        long streamIdleTimeoutMs) {

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
    }

    /** The API key from the environment, or null when the provider needs none or it is unset. */
    public String apiKey(Map<String, String> env) {
        if (envKey == null) {
            return null;
        }
        String key = env.get(envKey);
        return key == null || key.isBlank() ? null : key.trim();
    }
}
