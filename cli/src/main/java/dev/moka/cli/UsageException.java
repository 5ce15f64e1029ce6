package dev.moka.cli;

/** A mistake in how moka was called; the message is the one line the person sees. */
final class UsageException extends Exception {
    private static final long serialVersionUID = 1L;

    UsageException(String message) {
        super(message);
    }
}
