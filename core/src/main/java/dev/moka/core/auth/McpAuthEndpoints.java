package dev.moka.core.auth;

/**
 * Where to sign in to one MCP server, as its metadata says: the resource the token is for (RFC 8707), the
 * authorization server's endpoints (RFC 8414), and the scope the server asked for (null: none named).
 * {@code registrationEndpoint} is null when the authorization server offers no dynamic client registration.
 */
record McpAuthEndpoints(String resource, String authorizationEndpoint, String tokenEndpoint,
        String registrationEndpoint, String scope) {}
