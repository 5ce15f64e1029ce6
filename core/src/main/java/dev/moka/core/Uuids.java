package dev.moka.core;

import java.util.UUID;
import java.util.concurrent.ThreadLocalRandom;

/**
 * Time-ordered UUIDs (version 7) for conversation and request ids. {@link UUID#randomUUID()} would
 * seed a SecureRandom on the start-up path (about 50 ms); these ids need to be unique, not unguessable.
 */
public final class Uuids {
    private Uuids() {}

    public static String v7() {
        return v7(System.currentTimeMillis(), ThreadLocalRandom.current().nextLong(),
                ThreadLocalRandom.current().nextLong());
    }

    static String v7(long epochMillis, long randomA, long randomB) {
        long high = (epochMillis << 16) | 0x7000L | (randomA & 0x0FFFL);
        long low = (randomB & 0x3FFF_FFFF_FFFF_FFFFL) | 0x8000_0000_0000_0000L;
        return new UUID(high, low).toString();
    }
}
