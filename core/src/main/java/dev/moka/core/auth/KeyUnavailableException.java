package dev.moka.core.auth;

/** A provider's key could not be had; the message is one line: which source failed, why, and the fix. */
public final class KeyUnavailableException extends Exception {
    private static final long serialVersionUID = 1L;

    public KeyUnavailableException(String message) {
        super(message);
    }
}
