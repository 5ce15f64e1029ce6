package dev.moka.core.config.trust;

/** {@code projects."<path>".trust_level} of the project Moka runs in. */
public enum ProjectTrust {
    TRUSTED,
    UNTRUSTED,
    /** No entry: neither trusted nor distrusted. */
    UNKNOWN
}
