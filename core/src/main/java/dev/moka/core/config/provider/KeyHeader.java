package dev.moka.core.config.provider;

/**
 * Where a provider takes its API key. Azure documents an {@code api-key} header for keys; every provider,
 * Azure included, takes a bearer token in {@code Authorization}.
 */
public enum KeyHeader {
    /** {@code Authorization: Bearer <key>}. */
    AUTHORIZATION,
    /** {@code api-key: <key>} for a static key; tokens from an auth command still go as a bearer token. */
    API_KEY
}
