package dev.moka.core.auth;

/** Where a provider's key comes from, in the order they are tried: the first that has one wins. */
public enum KeySource {
    /** {@code experimental_bearer_token} in the provider's table. */
    CONFIG_TOKEN,
    /** The variable the provider's {@code env_key} names. */
    ENVIRONMENT,
    /** {@code $MOKA_HOME/auth.json}, written by {@code moka login --with-api-key}. */
    AUTH_FILE,
    /** The provider's {@code [auth]} command, run again when its token is due or rejected. */
    AUTH_COMMAND,
    /** No source has a key (local servers need none). */
    NONE
}
