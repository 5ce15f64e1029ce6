package dev.moka.core.auth;

/** An OAuth exchange failed; the message says which step, what the server said and what to do. */
public final class OAuthException extends Exception {
    public OAuthException(String message) {
        super(message);
    }

    public OAuthException(String message, Throwable cause) {
        super(message, cause);
    }
}
