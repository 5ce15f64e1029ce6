package dev.moka.core.tools.web;

import java.net.Inet6Address;
import java.net.InetAddress;
import java.net.NetworkInterface;
import java.net.SocketException;
import java.net.URI;
import java.net.UnknownHostException;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.function.Supplier;
import java.util.stream.Collectors;

/**
 * Refuses URLs a fetch must not reach: schemes other than http(s), and (unless allowed) hosts that resolve to
 * loopback, link-local, private, unique-local or unspecified addresses, so a page cannot steer Moka at the
 * machine's own services or the cloud metadata endpoint. Every address of this machine's own interfaces is
 * refused too, whatever its range: a service bound to a public or test-net interface address is just as local.
 * Checked on every redirect hop, after DNS resolution.
 */
final class AddressGuard {
    private final HostResolver resolver;
    private final boolean allowPrivate;
    private final Supplier<Set<InetAddress>> ownAddresses;

    AddressGuard(HostResolver resolver, boolean allowPrivate) {
        this(resolver, allowPrivate, AddressGuard::interfaceAddresses);
    }

    /** With the machine's own addresses from {@code ownAddresses}, asked on every check (interfaces come and go). */
    AddressGuard(HostResolver resolver, boolean allowPrivate, Supplier<Set<InetAddress>> ownAddresses) {
        this.resolver = resolver;
        this.allowPrivate = allowPrivate;
        this.ownAddresses = ownAddresses;
    }

    /** Every address of every interface of this machine, up or down. */
    static Set<InetAddress> interfaceAddresses() {
        try {
            return NetworkInterface.networkInterfaces().flatMap(NetworkInterface::inetAddresses)
                    .collect(Collectors.toUnmodifiableSet());
        } catch (SocketException e) {
            // Without the list, the range checks still hold; a machine that cannot list its interfaces is rare.
            return Set.of();
        }
    }

    /** The verdict on one URL: why it is refused (null when allowed), and the addresses that were checked. */
    record Verdict(String refusal, List<InetAddress> checked) {}

    /** Null when {@code uri} may be fetched, else why not. */
    String refusal(URI uri) {
        return check(uri).refusal();
    }

    /** Checks {@code uri}; an allowed host name comes with the addresses to pin it to while connecting. */
    Verdict check(URI uri) {
        String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(Locale.ROOT);
        if (!scheme.equals("http") && !scheme.equals("https")) {
            return refused("only http and https URLs can be fetched, not \"" + (scheme.isEmpty() ? uri : scheme + ":")
                    + "\"");
        }
        String host = uri.getHost();
        if (host == null || host.isBlank()) {
            return refused("the URL has no host name");
        }
        if (allowPrivate) {
            return new Verdict(null, List.of());
        }
        List<InetAddress> addresses;
        try {
            addresses = resolver.resolve(host.startsWith("[") ? host.substring(1, host.length() - 1) : host);
        } catch (UnknownHostException e) {
            return refused("the host \"" + host + "\" could not be resolved; check the spelling");
        }
        Set<InetAddress> own = ownAddresses.get();
        for (InetAddress address : addresses) {
            if (isInternal(address)) {
                return refused("\"" + host + "\" resolves to the internal address " + address.getHostAddress()
                        + ", which is refused to protect the local network (set "
                        + "services.local_fetch.allow_private_addresses = true to allow it)");
            }
            if (own.contains(address)) {
                return refused("\"" + host + "\" resolves to " + address.getHostAddress() + ", an address of this "
                        + "machine, which is refused to protect its own services (set "
                        + "services.local_fetch.allow_private_addresses = true to allow it)");
            }
        }
        return new Verdict(null, addresses);
    }

    private static Verdict refused(String why) {
        return new Verdict(why, List.of());
    }

    static boolean isInternal(InetAddress address) {
        if (address.isLoopbackAddress() || address.isLinkLocalAddress() || address.isSiteLocalAddress()
                || address.isAnyLocalAddress() || address.isMulticastAddress()) {
            return true;
        }
        byte[] bytes = address.getAddress();
        if (address instanceof Inet6Address) {
            // fc00::/7 unique local; ::ffff:a.b.c.d mapped addresses are judged by their IPv4 part.
            if ((bytes[0] & 0xfe) == 0xfc) {
                return true;
            }
            return false;
        }
        int first = bytes[0] & 0xff;
        int second = bytes[1] & 0xff;
        // 100.64.0.0/10 carrier-grade NAT and 0.0.0.0/8 are not covered by the JDK's checks.
        return first == 0 || (first == 100 && second >= 64 && second < 128);
    }
}
