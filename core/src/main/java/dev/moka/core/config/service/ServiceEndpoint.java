package dev.moka.core.config.service;

import java.time.Duration;
import java.util.Map;

/**
 * One HTTP service a tool calls, as configured under {@code [services.<name>]}. {@code apiKey} has its
 * {@code ${VAR}} references already expanded and is null when unset; {@code oauth} names a provider whose
 * stored token is used instead (null when unset).
 */
public record ServiceEndpoint(String name, String baseUrl, String apiKey, String oauth,
        Map<String, String> customHeaders, Duration timeout, int maxRetries) {

    public static final Duration DEFAULT_TIMEOUT = Duration.ofSeconds(30);
    public static final int DEFAULT_MAX_RETRIES = 2;

    public ServiceEndpoint {
        customHeaders = Map.copyOf(customHeaders);
    }

    @Override
    public String toString() {
        // Never print the key: records end up in logs and error messages.
        return "ServiceEndpoint[" + name + ", " + baseUrl + ", oauth=" + oauth + "]";
    }
}
