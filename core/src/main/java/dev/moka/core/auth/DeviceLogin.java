package dev.moka.core.auth;

import dev.moka.core.config.service.OAuthProvider;
import dev.moka.protocol.Json;
import java.io.IOException;
import java.net.http.HttpClient;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.function.Consumer;
import java.util.function.Supplier;
import tools.jackson.databind.JsonNode;

/** The OAuth device authorization grant (RFC 8628): show a code, poll until the person approves, store the token. */
public final class DeviceLogin {
    static final String DEVICE_GRANT = "urn:ietf:params:oauth:grant-type:device_code";

    private final OAuthClient client;
    private final CredentialStore store;
    private final Clock clock;
    private final Sleeper sleeper;

    /** How the poll waits between attempts; tests pass one that does not sleep. */
    @FunctionalInterface
    public interface Sleeper {
        void sleep(Duration duration) throws InterruptedException;
    }

    public DeviceLogin(Supplier<HttpClient> http, CredentialStore store, Clock clock, Sleeper sleeper) {
        this.client = new OAuthClient(http);
        this.store = store;
        this.clock = clock;
        this.sleeper = sleeper;
    }

    /** Runs the flow; {@code show} receives the lines to show the person (where to go, which code to enter). */
    public StoredToken login(OAuthProvider provider, Consumer<String> show) throws OAuthException, InterruptedException {
        if (provider.clientId() == null || provider.deviceAuthorizationEndpoint() == null) {
            throw new OAuthException("[oauth_providers." + provider.name() + "] needs client_id and "
                    + "device_authorization_endpoint for `moka login`");
        }
        OAuthClient.Reply start = client.post(provider.deviceAuthorizationEndpoint(), OAuthClient.form(
                "client_id", provider.clientId(), "scope", provider.scope()));
        if (start.status() != 200) {
            throw new OAuthException("the device authorization request failed: " + OAuthClient.describeError(start));
        }
        JsonNode json = start.json();
        String deviceCode = Json.text(json, "device_code");
        String userCode = Json.text(json, "user_code");
        String uri = Json.text(json, "verification_uri");
        if (deviceCode == null || userCode == null || uri == null) {
            throw new OAuthException("the device authorization response lacks device_code, user_code or "
                    + "verification_uri");
        }
        String complete = Json.text(json, "verification_uri_complete");
        show.accept("To sign in to " + provider.name() + ", open " + (complete != null ? complete : uri));
        show.accept("and enter the code: " + userCode);
        Instant deadline = clock.instant().plusSeconds(longOr(json, "expires_in", 900));
        Duration interval = Duration.ofSeconds(longOr(json, "interval", 5));
        StoredToken token = poll(provider, deviceCode, interval, deadline);
        try {
            store.write(provider.name(), token);
        } catch (IOException e) {
            throw new OAuthException("cannot save the token: " + e.getMessage(), e);
        }
        return token;
    }

    private StoredToken poll(OAuthProvider provider, String deviceCode, Duration interval, Instant deadline)
            throws OAuthException, InterruptedException {
        Duration wait = interval;
        while (clock.instant().isBefore(deadline)) {
            sleeper.sleep(wait);
            OAuthClient.Reply reply = client.post(provider.tokenEndpoint(), OAuthClient.form(
                    "grant_type", DEVICE_GRANT, "device_code", deviceCode, "client_id", provider.clientId()));
            if (reply.status() == 200) {
                return OAuthClient.token(reply.json(), null, clock.instant());
            }
            String error = Json.text(reply.json(), "error");
            switch (error == null ? "" : error) {
                case "authorization_pending" -> { }
                // RFC 8628 3.5: slow_down adds five seconds to the interval for this and all later polls.
                case "slow_down" -> wait = wait.plusSeconds(5);
                case "access_denied" -> throw new OAuthException("the sign-in was denied");
                case "expired_token" -> throw new OAuthException("the code expired; run `moka login "
                        + provider.name() + "` again");
                default -> throw new OAuthException("the token request failed: " + OAuthClient.describeError(reply));
            }
        }
        throw new OAuthException("the code expired before the sign-in was approved; run `moka login "
                + provider.name() + "` again");
    }

    private static long longOr(JsonNode json, String field, long fallback) {
        JsonNode value = json.get(field);
        return value != null && value.isNumber() && value.longValue() > 0 ? value.longValue() : fallback;
    }
}
