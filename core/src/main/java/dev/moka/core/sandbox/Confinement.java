package dev.moka.core.sandbox;

import java.io.IOException;

/**
 * How one child process is confined: it starts the command a {@link ProcessBuilder} describes so that the
 * kernel enforces a {@link SandboxRules}. Immutable; one value may start many processes.
 */
public sealed interface Confinement permits Unconfined, Bubblewrap, Landlocked {
    /**
     * Starts {@code builder}'s command (already complete: program, arguments, directory, environment,
     * redirects) under this confinement.
     *
     * @param terminal the terminal the command runs on and keeps as its controlling terminal, if any
     */
    Process start(ProcessBuilder builder, Terminal terminal) throws IOException;

    /** A short name for logs and doctor output: {@code none}, {@code bwrap}, {@code landlock}. */
    String mechanism();

    /** Whether the kernel restricts what is started this way (false only for no confinement). */
    default boolean restricts() {
        return true;
    }

    /** No confinement: the command runs with Moka's own permissions. */
    static Confinement none() {
        return Unconfined.INSTANCE;
    }
}
