package dev.moka.core.auth;

import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Who Moka is to one authorization server: its client id, and for a confidential client its secret and the way
 * the token endpoint takes it (RFC 6749 section 2.3.1: {@code client_secret_basic} or {@code client_secret_post};
 * {@code none} for a public client, whose code PKCE protects).
 */
record McpClientIdentity(String clientId, String secret, String authMethod) {
    static final String NONE = "none";
    static final String BASIC = "client_secret_basic";
    static final String POST = "client_secret_post";

    static McpClientIdentity publicClient(String clientId) {
        return new McpClientIdentity(clientId, null, NONE);
    }

    /**
     * How a client with a secret authenticates at a server that lists {@code supported} (empty: not listed, and
     * RFC 8414 then means {@code client_secret_basic}).
     */
    static String secretMethod(List<String> supported) {
        return supported.isEmpty() || supported.contains(BASIC) || !supported.contains(POST) ? BASIC : POST;
    }

    /** {@code form} with the client's id, and its secret when it is sent in the body. */
    Map<String, String> form(Map<String, String> form) {
        Map<String, String> out = new LinkedHashMap<>(form);
        if (!BASIC.equals(authMethod)) {
            out.put("client_id", clientId);
        }
        if (POST.equals(authMethod)) {
            out.put("client_secret", secret);
        }
        return out;
    }

    /** The {@code Authorization} header of a token request, or null when the credentials go in the body. */
    String authorization() {
        if (!BASIC.equals(authMethod)) {
            return null;
        }
        // RFC 6749 section 2.3.1: both parts are form-encoded before they are joined and base64-encoded.
        String pair = OAuthClient.encode(clientId) + ":" + OAuthClient.encode(secret);
        return "Basic " + Base64.getEncoder().encodeToString(pair.getBytes(StandardCharsets.UTF_8));
    }

    @Override
    public String toString() {
        return "McpClientIdentity[" + clientId + ", " + authMethod + "]";
    }
}
