package dev.moka.core.auth;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** The addresses discovery tries, in order, and what it reads from a 401's challenge. */
class McpAuthDiscoveryTest {
    @Test
    void anIssuerWithAPathIsTriedTheOAuthWayThenBothOpenIdWays() {
        assertThat(McpAuthDiscovery.authorizationServerCandidates("https://auth.example.com/tenant1")).containsExactly(
                "https://auth.example.com/.well-known/oauth-authorization-server/tenant1",
                "https://auth.example.com/.well-known/openid-configuration/tenant1",
                "https://auth.example.com/tenant1/.well-known/openid-configuration");
        assertThat(McpAuthDiscovery.authorizationServerCandidates("https://auth.example.com/")).containsExactly(
                "https://auth.example.com/.well-known/oauth-authorization-server",
                "https://auth.example.com/.well-known/openid-configuration");
    }

    @Test
    void theResourceMetadataSitsBeforeTheServersPathThenAtTheOrigin() {
        assertThat(McpAuthDiscovery.wellKnown("https://mcp.example.com/v1/mcp/", "oauth-protected-resource"))
                .containsExactly("https://mcp.example.com/.well-known/oauth-protected-resource/v1/mcp",
                        "https://mcp.example.com/.well-known/oauth-protected-resource");
    }

    @Test
    void readsResourceMetadataFromTheChallengeWhateverElseItHolds() {
        assertThat(McpAuthDiscovery.resourceMetadata("Bearer error=\"invalid_token\", "
                + "Resource_Metadata=\"https://mcp.example.com/.well-known/oauth-protected-resource\""))
                .contains("https://mcp.example.com/.well-known/oauth-protected-resource");
        assertThat(McpAuthDiscovery.resourceMetadata("Bearer realm=\"mcp\"")).isEmpty();
    }
}
