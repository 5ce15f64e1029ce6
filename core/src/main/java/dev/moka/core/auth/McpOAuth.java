package dev.moka.core.auth;

import dev.moka.core.config.mcp.McpServerOAuth;
import dev.moka.protocol.Json;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Consumer;
import java.util.function.Supplier;
import tools.jackson.databind.node.ObjectNode;

/**
 * Signing in to streamable HTTP MCP servers that require OAuth (the MCP authorization spec, 2025-06-18):
 * discovery, a client registered by hand or dynamically (RFC 7591), the authorization code grant with PKCE S256 and a
 * {@code state}, bound to the server by the {@code resource} parameter (RFC 8707), through the browser and a
 * loopback redirect. Tokens go to {@link CredentialStore#mcpServers}, with what refreshing them needs.
 */
public final class McpOAuth {
    /** Refresh this long before expiry, so a token does not expire between the check and the connection. */
    private static final long REFRESH_MARGIN_SECONDS = 60;
    private static final String CLIENT_ID = "client_id";
    private static final String CLIENT_SECRET = "client_secret";
    /** How the client authenticates at the token endpoint: none, client_secret_basic or client_secret_post. */
    private static final String AUTH_METHOD = "token_endpoint_auth_method";
    private static final String TOKEN_ENDPOINT = "token_endpoint";
    private static final String RESOURCE = "resource";
    /** The server URL the token was obtained for: it is sent to that URL only. */
    private static final String URL = "url";
    /** Which grant gave the stored token; only the client_credentials grant is noted. */
    private static final String GRANT = "grant_type";
    private static final String CLIENT_CREDENTIALS = "client_credentials";

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

    /**
     * How the sign-in reaches the person: the lines to show, and the browser to open (which may do nothing).
     * {@code askFirst}: a sign-in again during a session is first put to the person as a question of the server's,
     * through the session, whose faces then show the lines too ({@code show} is for the others).
     */
    public record Prompt(Consumer<String> show, Consumer<URI> browser, Duration timeout, boolean askFirst) {
        public Prompt(Consumer<String> show, Consumer<URI> browser, Duration timeout) {
            this(show, browser, timeout, false);
        }
    }

    /**
     * Runs the whole sign-in for {@code server} at {@code url} and stores the token, Moka registering itself.
     *
     * @return the file the token was written to
     */
    public Path login(String server, String url, Prompt prompt) throws OAuthException, InterruptedException {
        return login(server, url, McpServerOAuth.NONE, null, prompt, null);
    }

    /**
     * Runs the whole sign-in for {@code server} at {@code url} as the client {@code configured} names (with
     * {@code clientSecret}, read from its {@code client_secret_env_var}, or null), asking for {@code scope} when
     * it is not null (the wider scope a server asked for during a session) instead of the one discovery finds,
     * and stores the token.
     *
     * @return the file the token was written to
     */
    public Path login(String server, String url, McpServerOAuth configured, String clientSecret, Prompt prompt,
            String scope) throws OAuthException, InterruptedException {
        Path file = store.file(server);
        McpAuthEndpoints discovered = new McpAuthDiscovery(http).discover(url);
        McpAuthEndpoints endpoints = scope == null ? discovered : new McpAuthEndpoints(discovered.resource(),
                discovered.authorizationEndpoint(), discovered.tokenEndpoint(), discovered.registrationEndpoint(),
                scope, discovered.authMethods(), discovered.metadataDocuments());
        if (configured.clientCredentials()) {
            if (clientSecret == null) {
                throw new OAuthException("the client_credentials grant needs the client's secret, and the variable "
                        + configured.clientSecretEnvVar() + " is not set");
            }
            var identity = new McpClientIdentity(configured.clientId(), clientSecret,
                    McpClientIdentity.secretMethod(endpoints.authMethods()));
            Map<String, String> details = new LinkedHashMap<>(Map.of(CLIENT_ID, identity.clientId(),
                    CLIENT_SECRET, clientSecret, AUTH_METHOD, identity.authMethod(),
                    TOKEN_ENDPOINT, endpoints.tokenEndpoint(), RESOURCE, endpoints.resource(), URL, url,
                    GRANT, CLIENT_CREDENTIALS));
            save(server, clientCredentials(details, endpoints.scope()), details);
            return file;
        }
        Pkce pkce = Pkce.create();
        String state = Pkce.random(16);
        try (LoopbackRedirect redirect = LoopbackRedirect.open(state)) {
            McpClientIdentity identity = identity(server, url, endpoints, configured, clientSecret, redirect.uri());
            String authorize = endpoints.authorizationEndpoint()
                    + (endpoints.authorizationEndpoint().contains("?") ? "&" : "?") + OAuthClient.encoded(OAuthClient.form(
                            "response_type", "code", CLIENT_ID, identity.clientId(), "redirect_uri", redirect.uri(),
                            "code_challenge", pkce.challenge(), "code_challenge_method", "S256", "state", state,
                            RESOURCE, endpoints.resource(), "scope", endpoints.scope()));
            prompt.show().accept("To sign in to the MCP server \"" + server + "\", open this URL in a browser:");
            prompt.show().accept(authorize);
            prompt.browser().accept(URI.create(authorize));
            String code = redirect.awaitCode(prompt.timeout());
            OAuthClient.Reply reply = client.post(endpoints.tokenEndpoint(), identity.form(OAuthClient.form(
                    "grant_type", "authorization_code", "code", code, "redirect_uri", redirect.uri(),
                    "code_verifier", pkce.verifier(), RESOURCE, endpoints.resource())), identity.authorization());
            if (reply.status() != 200) {
                throw new OAuthException("the token request failed: " + OAuthClient.describeError(reply));
            }
            Map<String, String> details = new LinkedHashMap<>(Map.of(CLIENT_ID, identity.clientId(),
                    AUTH_METHOD, identity.authMethod(), TOKEN_ENDPOINT, endpoints.tokenEndpoint(),
                    RESOURCE, endpoints.resource(), URL, url));
            if (identity.secret() != null) {
                details.put(CLIENT_SECRET, identity.secret());
            }
            save(server, OAuthClient.token(reply.json(), null, clock.instant()), details);
        }
        return file;
    }

    /**
     * The client Moka signs in as: the one registered by hand when the configuration names it, else its client ID
     * metadata document where the server takes one and one is configured, else one it registers now.
     */
    private McpClientIdentity identity(String server, String url, McpAuthEndpoints endpoints,
            McpServerOAuth configured, String clientSecret, String redirectUri)
            throws OAuthException, InterruptedException {
        if (configured.clientId() != null) {
            return clientSecret == null ? McpClientIdentity.publicClient(configured.clientId())
                    : new McpClientIdentity(configured.clientId(), clientSecret,
                            McpClientIdentity.secretMethod(endpoints.authMethods()));
        }
        if (endpoints.metadataDocuments() && configured.clientMetadataUrl() != null) {
            return McpClientIdentity.publicClient(configured.clientMetadataUrl());
        }
        if (endpoints.registrationEndpoint() == null) {
            throw new OAuthException("the authorization server of " + url + " offers no dynamic client registration"
                    + " (RFC 7591); register Moka with it by hand and set client_id (and client_secret_env_var) in"
                    + " [mcp_servers." + server + ".oauth]");
        }
        return register(endpoints, redirectUri);
    }
    /** The scope a server's {@code WWW-Authenticate} challenge asks for (a 403's {@code insufficient_scope}). */
    public static Optional<String> challengedScope(String challenge) {
        return McpAuthDiscovery.scope(challenge);
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
        if (CLIENT_CREDENTIALS.equals(details.get(GRANT))) {
            StoredToken fresh = clientCredentials(details, null);
            save(server, fresh, details);
            return fresh;
        }
        if (token.refreshToken() == null || details.get(TOKEN_ENDPOINT) == null) {
            throw new OAuthException("the token for the MCP server \"" + server + "\" has expired and there is no "
                    + "refresh token" + again);
        }
        McpClientIdentity identity = new McpClientIdentity(details.get(CLIENT_ID), details.get(CLIENT_SECRET),
                details.getOrDefault(AUTH_METHOD, McpClientIdentity.NONE));
        OAuthClient.Reply reply = client.post(details.get(TOKEN_ENDPOINT), identity.form(OAuthClient.form(
                "grant_type", "refresh_token", "refresh_token", token.refreshToken(),
                RESOURCE, details.get(RESOURCE))), identity.authorization());
        if (reply.status() != 200) {
            throw new OAuthException("refreshing the token for the MCP server \"" + server + "\" failed: "
                    + OAuthClient.describeError(reply) + again);
        }
        StoredToken fresh = OAuthClient.token(reply.json(), token.refreshToken(), now);
        save(server, fresh, details);
        return fresh;
    }

    /**
     * A token of the client_credentials grant (RFC 6749 4.4), asked for with the client's own id and secret as
     * {@code details} keep them; it comes without a refresh token, so it is asked for again when it expires.
     */
    private StoredToken clientCredentials(Map<String, String> details, String scope)
            throws OAuthException, InterruptedException {
        McpClientIdentity identity = new McpClientIdentity(details.get(CLIENT_ID), details.get(CLIENT_SECRET),
                details.get(AUTH_METHOD));
        OAuthClient.Reply reply = client.post(details.get(TOKEN_ENDPOINT), identity.form(OAuthClient.form(
                "grant_type", CLIENT_CREDENTIALS, RESOURCE, details.get(RESOURCE), "scope", scope)),
                identity.authorization());
        if (reply.status() != 200) {
            throw new OAuthException("the client_credentials token request failed: "
                    + OAuthClient.describeError(reply));
        }
        return OAuthClient.token(reply.json(), null, clock.instant());
    }

    /**
     * Registers Moka for this one redirect URI: as a public client (PKCE protects the code) where the server
     * takes one, otherwise as a confidential client authenticating the way the server lists.
     */
    private McpClientIdentity register(McpAuthEndpoints endpoints, String redirectUri)
            throws OAuthException, InterruptedException {
        List<String> methods = endpoints.authMethods();
        String method = methods.isEmpty() || methods.contains(McpClientIdentity.NONE) ? McpClientIdentity.NONE
                : McpClientIdentity.secretMethod(methods);
        ObjectNode request = Json.object().put("client_name", "Moka").put("token_endpoint_auth_method", method);
        request.putArray("redirect_uris").add(redirectUri);
        request.putArray("grant_types").add("authorization_code").add("refresh_token");
        request.putArray("response_types").add("code");
        OAuthClient.Reply reply = client.postJson(endpoints.registrationEndpoint(), request);
        String clientId = Json.text(reply.json(), CLIENT_ID);
        if (reply.status() / 100 != 2 || clientId == null) {
            throw new OAuthException("the client registration failed: " + OAuthClient.describeError(reply));
        }
        String secret = Json.text(reply.json(), CLIENT_SECRET);
        // The server has the last word on how its client authenticates (RFC 7591 section 3.2.1).
        String granted = Json.text(reply.json(), "token_endpoint_auth_method");
        String used = granted != null ? granted : method;
        if (secret == null || McpClientIdentity.NONE.equals(used)) {
            return McpClientIdentity.publicClient(clientId);
        }
        return new McpClientIdentity(clientId, secret, used);
    }

    private void save(String server, StoredToken token, Map<String, String> details) throws OAuthException {
        try {
            store.write(server, token, details);
        } catch (IOException e) {
            throw new OAuthException("cannot save the token: " + e.getMessage(), e);
        }
    }
}
