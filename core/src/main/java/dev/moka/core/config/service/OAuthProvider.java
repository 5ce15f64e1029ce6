package dev.moka.core.config.service;

/**
 * An OAuth provider under {@code [oauth_providers.<name>]}: the endpoints of the device flow (RFC 8628) and
 * of the token refresh (RFC 6749 section 6). {@code scope} may be null.
 */
public record OAuthProvider(String name, String clientId, String deviceAuthorizationEndpoint, String tokenEndpoint,
        String scope) {}
