package dev.moka.core.auth;

import dev.moka.protocol.Json;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.Optional;
import java.util.function.Consumer;
import java.util.function.Supplier;
import tools.jackson.databind.node.ObjectNode;

/**
 * Signing in to streamable HTTP MCP servers that require OAuth (the MCP authorization spec, 2025-06-18):
 * discovery, dynamic client registration (RFC 7591), the authorization code grant with PKCE S256 and a
 * {@code state}, bound to the server by the {@code resource} parameter (RFC 8707), through the browser and a
 * loopback redirect. Tokens go to {@link CredentialStore#mcpServers}, with what refreshing them needs.
 */
public final class McpOAuth {
    /** Refresh this long before expiry, so a token does not expire between the check and the connection. */
    private static final long REFRESH_MARGIN_SECONDS = 60;
    private static final String CLIENT_ID = "client_id";
    private static final String TOKEN_ENDPOINT = "token_endpoint";
    private static final String RESOURCE = "resource";
    /** The server URL the token was obtained for: it is sent to that URL only. */
    private static final String URL = "url";

    private final CredentialStore store;
    private final Supplier<HttpClient> http;
    private final OAuthClient client;
    private final Clock clock;

    public McpOAuth(Path mokaHome, Supplier<HttpClient> http, Clock clock) {
        this.store = CredentialStore.mcpServers(mokaHome);
        this.http = http;
        this.client = new OAuthClient(http);
        this.clock = clock;
    }

    /** How the sign-in reaches the person: the lines to show, and the browser to open (which may do nothing). */
    public record Prompt(Consumer<String> show, Consumer<URI> browser, Duration timeout) {}

    /**
     * Runs the whole sign-in for {@code server} at {@code url} and stores the token.
     *
     * @return the file the token was written to
     */
    public Path login(String server, String url, Prompt prompt) throws OAuthException, InterruptedException {
        Path file = store.file(server);
        McpAuthEndpoints endpoints = new McpAuthDiscovery(http).discover(url);
        if (endpoints.registrationEndpoint() == null) {
            throw new OAuthException("the authorization server of " + url + " offers no dynamic client registration"
                    + " (RFC 7591), which Moka needs to sign in");
        }
        Pkce pkce = Pkce.create();
        String state = Pkce.random(16);
        try (LoopbackRedirect redirect = LoopbackRedirect.open(state)) {
            String clientId = register(endpoints.registrationEndpoint(), redirect.uri());
            String authorize = endpoints.authorizationEndpoint()
                    + (endpoints.authorizationEndpoint().contains("?") ? "&" : "?") + OAuthClient.encoded(OAuthClient.form(
                            "response_type", "code", CLIENT_ID, clientId, "redirect_uri", redirect.uri(),
                            "code_challenge", pkce.challenge(), "code_challenge_method", "S256", "state", state,
                            RESOURCE, endpoints.resource(), "scope", endpoints.scope()));
            prompt.show().accept("To sign in to the MCP server \"" + server + "\", open this URL in a browser:");
            prompt.show().accept(authorize);
            prompt.browser().accept(URI.create(authorize));
            String code = redirect.awaitCode(prompt.timeout());
            OAuthClient.Reply reply = client.post(endpoints.tokenEndpoint(), OAuthClient.form(
                    "grant_type", "authorization_code", "code", code, "redirect_uri", redirect.uri(),
                    CLIENT_ID, clientId, "code_verifier", pkce.verifier(), RESOURCE, endpoints.resource()));
            if (reply.status() != 200) {
                throw new OAuthException("the token request failed: " + OAuthClient.describeError(reply));
            }
            save(server, OAuthClient.token(reply.json(), null, clock.instant()), Map.of(CLIENT_ID, clientId,
                    TOKEN_ENDPOINT, endpoints.tokenEndpoint(), RESOURCE, endpoints.resource(), URL, url));
        }
        return file;
    }

    /** Forgets the token of {@code server}; false when there was none. */
    public boolean logout(String server) throws IOException {
        return store.remove(server);
    }

    /** Whether a token is stored for {@code server} (it may have expired). */
    public boolean loggedIn(String server) {
        try {
            return store.read(server).isPresent();
        } catch (IOException | IllegalArgumentException e) {
            return false;
        }
    }

    /**
     * The access token for {@code server} at {@code url}, refreshed first when it expires soon; empty when
     * none is stored, or the stored one was obtained for another URL (it is never sent anywhere else).
     */
    public Optional<String> accessToken(String server, String url) throws OAuthException, InterruptedException {
        Optional<StoredToken> stored;
        Map<String, String> details;
        try {
            stored = store.read(server);
            details = store.details(server);
        } catch (IOException e) {
            throw new OAuthException(e.getMessage(), e);
        }
        if (stored.isEmpty() || !url.equals(details.get(URL))) {
            return Optional.empty();
        }
        Instant now = clock.instant();
        StoredToken token = stored.get();
        return Optional.of(token.expiresWithin(now, REFRESH_MARGIN_SECONDS)
                ? refresh(server, token, details, now).accessToken() : token.accessToken());
    }

    private StoredToken refresh(String server, StoredToken token, Map<String, String> details, Instant now)
            throws OAuthException, InterruptedException {
        String again = "; run `moka mcp login " + server + "`";
        if (token.refreshToken() == null || details.get(TOKEN_ENDPOINT) == null) {
            throw new OAuthException("the token for the MCP server \"" + server + "\" has expired and there is no "
                    + "refresh token" + again);
        }
        OAuthClient.Reply reply = client.post(details.get(TOKEN_ENDPOINT), OAuthClient.form(
                "grant_type", "refresh_token", "refresh_token", token.refreshToken(),
                CLIENT_ID, details.get(CLIENT_ID), RESOURCE, details.get(RESOURCE)));
        if (reply.status() != 200) {
            throw new OAuthException("refreshing the token for the MCP server \"" + server + "\" failed: "
                    + OAuthClient.describeError(reply) + again);
        }
        StoredToken fresh = OAuthClient.token(reply.json(), token.refreshToken(), now);
        save(server, fresh, details);
        return fresh;
    }

    /** Registers Moka as a public client (no secret: PKCE protects the code) for this one redirect URI. */
    private String register(String endpoint, String redirectUri) throws OAuthException, InterruptedException {
        ObjectNode request = Json.object().put("client_name", "Moka").put("token_endpoint_auth_method", "none");
        request.putArray("redirect_uris").add(redirectUri);
        request.putArray("grant_types").add("authorization_code").add("refresh_token");
        request.putArray("response_types").add("code");
        OAuthClient.Reply reply = client.postJson(endpoint, request);
        String clientId = Json.text(reply.json(), CLIENT_ID);
        if (reply.status() / 100 != 2 || clientId == null) {
            throw new OAuthException("the client registration failed: " + OAuthClient.describeError(reply));
        }
        return clientId;
    }

    private void save(String server, StoredToken token, Map<String, String> details) throws OAuthException {
        try {
            store.write(server, token, details);
        } catch (IOException e) {
            throw new OAuthException("cannot save the token: " + e.getMessage(), e);
        }
    }
}
