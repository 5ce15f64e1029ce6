package dev.moka.core.hooks;

/** Whether a hook from the person's files may run. */
public enum HookTrust {
    /** A trust entry holds its hash. */
    TRUSTED,
    /** No trust entry names it. */
    UNTRUSTED,
    /** A trust entry names it with another hash: the hook changed since it was trusted. */
    MODIFIED,
    /** Its entry says {@code enabled = false}. */
    DISABLED
}
