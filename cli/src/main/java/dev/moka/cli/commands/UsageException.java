package dev.moka.cli.commands;

/** A mistake in how moka was called; the message is the one line the person sees. */
public final class UsageException extends Exception {
    private static final long serialVersionUID = 1L;

    public UsageException(String message) {
        super(message);
    }
}
