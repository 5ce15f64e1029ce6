package dev.moka.testkit;

import java.time.Duration;
import java.util.List;

/** A reply streamed as SSE blocks, with the faults a script may ask for (-1: none). */
interface Streamed {
    /** Each event as its own SSE block, blank line included. */
    List<String> render();

    int dropAfterEvents();

    int stallAfterEvents();

    Duration stallDuration();

    /** After how many events a never-ending Responses text delta starts; -1 for none. */
    default int longDeltaAfterEvents() {
        return -1;
    }

    default long longDeltaChars() {
        return 0;
    }
}
