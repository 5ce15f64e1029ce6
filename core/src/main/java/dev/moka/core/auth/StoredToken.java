package dev.moka.core.auth;

import java.time.Instant;

/** An OAuth token as kept in the credential store. {@code refreshToken} and {@code expiresAt} may be null. */
public record StoredToken(String accessToken, String refreshToken, Instant expiresAt) {
    /** True when the token is expired or will be within {@code marginSeconds}. */
    public boolean expiresWithin(Instant now, long marginSeconds) {
        return expiresAt != null && !now.plusSeconds(marginSeconds).isBefore(expiresAt);
    }

    @Override
    public String toString() {
        return "StoredToken[expiresAt=" + expiresAt + "]";
    }
}
