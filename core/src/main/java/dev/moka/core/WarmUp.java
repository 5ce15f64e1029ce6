package dev.moka.core;

/**
 * Starts work that overlaps start-up: building the HTTP client, Jackson's mapper, the tools, loading the
 * certificates or the tokenizer. Such work loads and initialises many classes, and a virtual thread that
 * loads or initialises a class pins its carrier: with as many of them as there are cores (two here), all
 * carriers can end up waiting on a class another pinned or unmounted thread is initialising, and the
 * process hangs before it prints anything. So warm-up runs on platform threads, marked daemon so that
 * one still running never delays the exit.
 */
public final class WarmUp {
    private WarmUp() {}

    /** Starts {@code task} now on its own daemon platform thread. */
    public static Thread start(String name, Runnable task) {
        return Thread.ofPlatform().name(name).daemon(true).start(task);
    }
}
