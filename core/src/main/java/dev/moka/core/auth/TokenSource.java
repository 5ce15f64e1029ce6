package dev.moka.core.auth;

import dev.moka.core.config.service.OAuthProvider;
import java.io.IOException;
import java.net.http.HttpClient;
import java.time.Clock;
import java.time.Instant;
import java.util.Map;
import java.util.function.Supplier;

/**
 * Access tokens of logged-in OAuth providers, refreshed with their refresh token (RFC 6749 section 6) shortly
 * before they expire, and the refreshed token written back to the store.
 */
public final class TokenSource {
    /** Refresh this long before expiry, so a token never expires between the check and the request. */
    static final long REFRESH_MARGIN_SECONDS = 60;

    private final CredentialStore store;
    private final Map<String, OAuthProvider> providers;
    private final OAuthClient client;
    private final Clock clock;

    public TokenSource(CredentialStore store, Map<String, OAuthProvider> providers, Supplier<HttpClient> http,
            Clock clock) {
        this.store = store;
        this.providers = Map.copyOf(providers);
        this.client = new OAuthClient(http);
        this.clock = clock;
    }

    /** A valid access token for {@code provider}, refreshed first when it has expired. */
    public synchronized String accessToken(String provider) throws OAuthException, InterruptedException {
        StoredToken token;
        try {
            token = store.read(provider).orElseThrow(() -> new OAuthException("not logged in to OAuth provider \""
                    + provider + "\"; run `moka login " + provider + "`"));
        } catch (IOException e) {
            throw new OAuthException(e.getMessage(), e);
        }
        Instant now = clock.instant();
        if (!token.expiresWithin(now, REFRESH_MARGIN_SECONDS)) {
            return token.accessToken();
        }
        return refresh(provider, token, now).accessToken();
    }

    private StoredToken refresh(String name, StoredToken token, Instant now)
            throws OAuthException, InterruptedException {
        OAuthProvider provider = providers.get(name);
        if (token.refreshToken() == null || provider == null) {
            throw new OAuthException("the token for \"" + name + "\" has expired and "
                    + (provider == null ? "[oauth_providers." + name + "] is not configured"
                            : "there is no refresh token") + "; run `moka login " + name + "`");
        }
        OAuthClient.Reply reply = client.post(provider.tokenEndpoint(), OAuthClient.form(
                "grant_type", "refresh_token", "refresh_token", token.refreshToken(),
                "client_id", provider.clientId()));
        if (reply.status() != 200) {
            throw new OAuthException("refreshing the token for \"" + name + "\" failed: "
                    + OAuthClient.describeError(reply) + "; run `moka login " + name + "`");
        }
        StoredToken fresh = OAuthClient.token(reply.json(), token.refreshToken(), now);
        try {
            store.write(name, fresh);
        } catch (IOException e) {
            throw new OAuthException("cannot save the refreshed token: " + e.getMessage(), e);
        }
        return fresh;
    }
}
