package dev.moka.core.policy;

/** How an {@link Action} ended: done, with what the tool made of it, or refused before it ran. */
public sealed interface Outcome<R> {
    /** It ran (a command may still have failed: that is in {@code value}). */
    record Done<R>(R value) implements Outcome<R> {}

    /** It did not run: {@code forModel} says why and what to do instead, {@code brief} is for the person. */
    record Refused<R>(String forModel, String brief) implements Outcome<R> {}
}
