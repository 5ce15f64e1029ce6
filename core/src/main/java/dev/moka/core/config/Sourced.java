package dev.moka.core.config;

/** A setting together with the message prefix of the place that set it, for errors found later. */
record Sourced<T>(T value, String where) {

    static <T> Sourced<T> of(T value, ConfigNode node) {
        return value == null ? null : new Sourced<>(value, node.where());
    }

    ConfigException error(String problem) {
        return new ConfigException(where + ": " + problem);
    }
}
