package dev.moka.core.config.mcp;

/**
 * How Moka identifies itself when it signs in to one streamable HTTP server ({@code [mcp_servers.<name>.oauth]}):
 * a client registered by hand ({@code client_id}, Codex's key, and {@code client_secret_env_var}, the variable
 * holding its secret, which never sits in config.toml), and the URL of a client ID metadata document Moka may use
 * as its client id where the authorization server accepts one ({@code client_metadata_url}). All null: Moka
 * registers itself (RFC 7591).
 */
public record McpServerOAuth(String clientId, String clientSecretEnvVar, String clientMetadataUrl) {
    public static final McpServerOAuth NONE = new McpServerOAuth(null, null, null);
}
