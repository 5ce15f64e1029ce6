package dev.moka.protocol;

import java.util.Arrays;
import java.util.Optional;
import java.util.stream.Collectors;

/** An enum with one wire spelling per constant, shared by config files, flags and JSON. */
public interface WireEnum {
    String wire();

    /** The constant spelled {@code text}, or empty. */
    static <E extends Enum<E> & WireEnum> Optional<E> parse(Class<E> type, String text) {
        return Arrays.stream(type.getEnumConstants()).filter(e -> e.wire().equals(text)).findFirst();
    }

    /** The accepted spellings, for error messages: {@code "a", "b" or "c"}. */
    static <E extends Enum<E> & WireEnum> String choices(Class<E> type) {
        return Arrays.stream(type.getEnumConstants()).map(e -> "\"" + e.wire() + "\"")
                .collect(Collectors.joining(", "));
    }
}
