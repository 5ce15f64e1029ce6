package dev.moka.core.config;

/**
 * How config.toml is read: {@code ignoreUserConfig} leaves {@code $MOKA_HOME/config.toml} out (flags, {@code -c}
 * and a profile file named with {@code -p} still count), {@code strictConfig} turns a key neither Moka nor Codex
 * knows from a warning into an error.
 */
public record LoadOptions(boolean ignoreUserConfig, boolean strictConfig) {
    public static final LoadOptions DEFAULT = new LoadOptions(false, false);
}
