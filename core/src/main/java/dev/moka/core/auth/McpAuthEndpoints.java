package dev.moka.core.auth;

import java.util.List;

/**
 * Where to sign in to one MCP server, as its metadata says: the resource the token is for (RFC 8707), the
 * authorization server's endpoints (RFC 8414), and the scope the server asked for (null: none named).
 * {@code registrationEndpoint} is null when the authorization server offers no dynamic client registration;
 * {@code authMethods} are its {@code token_endpoint_auth_methods_supported} (empty: not listed), and
 * {@code metadataDocuments} whether it takes a client ID metadata document's URL as a client id.
 */
record McpAuthEndpoints(String resource, String authorizationEndpoint, String tokenEndpoint,
        String registrationEndpoint, String scope, List<String> authMethods, boolean metadataDocuments) {
    McpAuthEndpoints {
        authMethods = List.copyOf(authMethods);
    }
}
