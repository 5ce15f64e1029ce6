package dev.moka.core.tools.web;

import java.net.InetAddress;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Host names whose addresses a fetch has checked, pinned while it connects. The JDK's HTTP client looks a
 * name up again by itself, so a name that passed {@link AddressGuard} could answer that second lookup with an
 * internal address (DNS rebinding); {@link PinningResolverProvider} answers it with the checked addresses.
 * Process-wide on purpose: the JDK installs the resolver once per process, through a service file.
 */
final class PinnedHosts {
    private record Entry(List<InetAddress> addresses, int holders) {}

    private static final Map<String, Entry> PINS = new ConcurrentHashMap<>();

    /** A pin, released by closing it. */
    interface Pin extends AutoCloseable {
        @Override
        void close();
    }

    private PinnedHosts() {}

    /** Pins {@code host} to {@code addresses} until the returned handle is closed. */
    static Pin pin(String host, List<InetAddress> addresses) {
        String key = key(host);
        PINS.merge(key, new Entry(List.copyOf(addresses), 1),
                (old, added) -> new Entry(old.addresses(), old.holders() + 1));
        return () -> PINS.computeIfPresent(key, (k, old) ->
                old.holders() == 1 ? null : new Entry(old.addresses(), old.holders() - 1));
    }

    /** The addresses {@code host} is pinned to, or null. */
    static List<InetAddress> pinned(String host) {
        Entry entry = PINS.get(key(host));
        return entry == null ? null : entry.addresses();
    }

    private static String key(String host) {
        return host.toLowerCase(java.util.Locale.ROOT);
    }
}
