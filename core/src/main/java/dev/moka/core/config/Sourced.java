package dev.moka.core.config;

import java.util.function.Supplier;

/**
 * A setting together with the message prefix of the place that set it, for errors found later. The prefix
 * is made only when an error needs it: a file's line costs a lookup ({@link KeyLines}).
 */
record Sourced<T>(T value, Supplier<String> place) {

    Sourced(T value, String where) {
        this(value, () -> where);
    }

    static <T> Sourced<T> of(T value, ConfigNode node) {
        return value == null ? null : new Sourced<>(value, node::where);
    }

    String where() {
        return place.get();
    }

    ConfigException error(String problem) {
        return new ConfigException(where() + ": " + problem);
    }
}
