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

    /**
     * The environment entry that names the {@code cgroup.procs} file a command's launcher joins before it
     * starts anything (see {@link #joinsCgroup}); the launcher removes it, so the command never sees it.
     */
    String JOIN_CGROUP = "MOKA_JOIN_CGROUP";

    /**
     * Whether this confinement's launcher runs outside the sandbox, where it can join the cgroup named by
     * {@link #JOIN_CGROUP} itself; otherwise the command is held at a gate until Moka moves it in.
     */
    default boolean joinsCgroup() {
        return false;
    }

    /** Whether the kernel restricts what is started this way (false only for no confinement). */
    default boolean restricts() {
        return true;
    }

    /** No confinement: the command runs with Moka's own permissions. */
    static Confinement none() {
        return Unconfined.INSTANCE;
    }
}
