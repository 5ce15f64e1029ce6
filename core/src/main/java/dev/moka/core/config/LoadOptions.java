package dev.moka.core.config;

/**
 * How config.toml is read: {@code ignoreUserConfig} leaves {@code $MOKA_HOME/config.toml} out (flags, {@code -c}
 * and a profile file named with {@code -p} still count), {@code strictConfig} turns a key neither Moka nor Codex
 * knows from a warning into an error, and {@code review} makes {@code review_model} the model unless a flag names
 * one (the configuration of {@code moka review}).
 */
public record LoadOptions(boolean ignoreUserConfig, boolean strictConfig, boolean review) {
    public static final LoadOptions DEFAULT = new LoadOptions(false, false, false);

    /** These options for a review. */
    public LoadOptions forReview() {
        return new LoadOptions(ignoreUserConfig, strictConfig, true);
    }
}
