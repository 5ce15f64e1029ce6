package dev.moka.core.mcp;

import java.time.Duration;

/** Durations as messages say them. */
final class Durations {
    private Durations() {}

    /** {@code 10 s}, {@code 2.5 s}, {@code 0.2 s}. */
    static String seconds(Duration duration) {
        long millis = duration.toMillis();
        return millis % 1000 == 0 ? millis / 1000 + " s"
                : String.format(java.util.Locale.ROOT, "%.1f s", millis / 1000.0);
    }
}
