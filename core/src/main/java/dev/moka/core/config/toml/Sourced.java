package dev.moka.core.config.toml;

import java.util.function.Supplier;

/**
 * A setting together with the message prefix of the place that set it, for errors found later. The prefix
 * is made only when an error needs it: a file's line costs a lookup ({@link KeyLines}).
 */
public record Sourced<T>(T value, Supplier<String> place) {

    public Sourced(T value, String where) {
        this(value, () -> where);
    }

    public static <T> Sourced<T> of(T value, ConfigNode node) {
        return value == null ? null : new Sourced<>(value, node::where);
    }

    public String where() {
        return place.get();
    }

    public ConfigException error(String problem) {
        return new ConfigException(where() + ": " + problem);
    }
}
