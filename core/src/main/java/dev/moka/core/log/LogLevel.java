package dev.moka.core.log;

import java.util.Locale;
import java.util.Optional;

/** How much goes to {@code moka.log}, from {@code MOKA_LOG} (as {@code RUST_LOG} does for Codex). */
public enum LogLevel {
    OFF, ERROR, WARN, INFO, DEBUG, TRACE;

    /** The level a {@code MOKA_LOG} value names; blank means {@link #INFO}, an unknown name empty. */
    public static Optional<LogLevel> parse(String value) {
        if (value == null || value.isBlank()) {
            return Optional.of(INFO);
        }
        try {
            return Optional.of(valueOf(value.strip().toUpperCase(Locale.ROOT)));
        } catch (IllegalArgumentException e) {
            return Optional.empty();
        }
    }

    boolean includes(LogLevel other) {
        return other != OFF && other.ordinal() <= ordinal();
    }
}
