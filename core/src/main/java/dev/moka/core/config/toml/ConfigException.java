package dev.moka.core.config.toml;

/** A mistake in the person's configuration; the message is one line naming file, line and key. */
public final class ConfigException extends Exception {
    private static final long serialVersionUID = 1L;

    public ConfigException(String message) {
        super(message);
    }
}
