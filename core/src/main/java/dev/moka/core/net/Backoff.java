package dev.moka.core.net;

import java.time.Duration;
import java.util.concurrent.ThreadLocalRandom;

/** Exponential backoff between retries: {@code base * 2^(retry-1)}, capped at {@code max}, with ±10% jitter. */
public record Backoff(Duration base, Duration max) {
    public static final Backoff DEFAULT = new Backoff(Duration.ofMillis(200), Duration.ofSeconds(10));

    public Backoff {
        if (base.isNegative() || max.compareTo(base) < 0) {
            throw new IllegalArgumentException("backoff needs 0 <= base <= max, got base " + base + ", max " + max);
        }
    }

    /** The pause before retry number {@code retry} (1 for the first retry). */
    public Duration delay(int retry) {
        double nanos = Math.min(max.toNanos(), base.toNanos() * Math.pow(2, Math.clamp(retry - 1, 0, 62)));
        // Jitter keeps many clients that failed together from retrying in lockstep.
        double jitter = ThreadLocalRandom.current().nextDouble(0.9, 1.1);
        return Duration.ofNanos((long) Math.min(max.toNanos(), nanos * jitter));
    }
}
