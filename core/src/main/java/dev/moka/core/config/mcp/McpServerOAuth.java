package dev.moka.core.config.mcp;

/**
 * How Moka identifies itself when it signs in to one streamable HTTP server ({@code [mcp_servers.<name>.oauth]}):
 * a client registered by hand ({@code client_id}, Codex's key, and {@code client_secret_env_var}, the variable
 * holding its secret, which never sits in config.toml), and the URL of a client ID metadata document Moka may use
 * as its client id where the authorization server accepts one ({@code client_metadata_url}). All null: Moka
 * registers itself (RFC 7591). {@code clientCredentials} ({@code grant_type = "client_credentials"}): the client
 * registered by hand gets its tokens itself, with its id and secret, without a person signing in in a browser.
 */
public record McpServerOAuth(String clientId, String clientSecretEnvVar, String clientMetadataUrl,
        boolean clientCredentials) {
    public static final McpServerOAuth NONE = new McpServerOAuth(null, null, null);

    public McpServerOAuth(String clientId, String clientSecretEnvVar, String clientMetadataUrl) {
        this(clientId, clientSecretEnvVar, clientMetadataUrl, false);
    }
}
