package dev.moka.core.tools.code;

import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.lang.management.MemoryUsage;

/**
 * The heap in use (garbage included) and the heap that survives a collection (what is really held), for one
 * session's watchdog, which asks for a collection at most once a second: one stops the whole JVM.
 */
final class HeapFigures {
    private static final long MIN_NANOS_BETWEEN_COLLECTIONS = 1_000_000_000L;

    private long lastCollection = System.nanoTime() - MIN_NANOS_BETWEEN_COLLECTIONS;

    static long used() {
        Runtime runtime = Runtime.getRuntime();
        return runtime.totalMemory() - runtime.freeMemory();
    }

    /** What survived the last collection of each heap pool, without asking for one. */
    static long liveAfterLastCollection() {
        long live = 0;
        for (MemoryPoolMXBean pool : ManagementFactory.getMemoryPoolMXBeans()) {
            MemoryUsage afterCollection = pool.getType() == MemoryType.HEAP ? pool.getCollectionUsage() : null;
            if (afterCollection != null) {
                live += afterCollection.getUsed();
            }
        }
        return live;
    }

    /**
     * What is held now: a full collection first, unless this watchdog asked for one within the last second
     * (then the figure of that one, which a script over its limit soon exceeds again).
     */
    long liveAfterCollection() {
        long now = System.nanoTime();
        if (now - lastCollection >= MIN_NANOS_BETWEEN_COLLECTIONS) {
            lastCollection = now;
            System.gc();
        }
        return liveAfterLastCollection();
    }
}
