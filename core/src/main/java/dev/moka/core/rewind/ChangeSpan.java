package dev.moka.core.rewind;

/**
 * What Moka did between two snapshots: a turn, or a change between turns made through Moka (a command the
 * person ran with {@code !cmd}, a rewind or its redo). {@code position}
 * is how many turns the conversation held when it began, so the turn span at position p is the one a rewind
 * "to before the p-th prompt" goes back to; {@code before} and {@code after} name manifests in the store.
 */
record ChangeSpan(Kind kind, int position, String before, String after) {
    enum Kind { TURN, BETWEEN }

    /**
     * Whether a span recorded later at {@code newPosition} shows that this one belongs to a timeline the
     * conversation forked away from: turns from that position on were dropped, and changes made after them.
     * A change made before the turn at {@code newPosition} stays before it.
     */
    boolean forkedAwayBy(int newPosition) {
        return kind == Kind.TURN ? position >= newPosition : position > newPosition;
    }
}
