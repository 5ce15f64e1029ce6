package dev.moka.core.tools.web;

import java.net.InetAddress;
import java.net.Inet4Address;
import java.net.Inet6Address;
import java.net.UnknownHostException;
import java.net.spi.InetAddressResolver;
import java.net.spi.InetAddressResolverProvider;
import java.util.List;
import java.util.stream.Stream;

/**
 * The process's name resolver: the JDK's own, except for names a fetch has pinned ({@link PinnedHosts}),
 * which get exactly the addresses that were checked. Installed by
 * {@code META-INF/services/java.net.spi.InetAddressResolverProvider}.
 */
public final class PinningResolverProvider extends InetAddressResolverProvider {
    @Override
    public InetAddressResolver get(Configuration configuration) {
        InetAddressResolver builtin = configuration.builtinResolver();
        return new InetAddressResolver() {
            @Override
            public Stream<InetAddress> lookupByName(String host, LookupPolicy policy) throws UnknownHostException {
                List<InetAddress> pinned = PinnedHosts.pinned(host);
                if (pinned == null) {
                    return builtin.lookupByName(host, policy);
                }
                List<InetAddress> allowed = pinned.stream().filter(a -> allows(policy, a)).toList();
                if (allowed.isEmpty()) {
                    throw new UnknownHostException(host + ": no checked address of the requested family");
                }
                return allowed.stream();
            }

            @Override
            public String lookupByAddress(byte[] address) throws UnknownHostException {
                return builtin.lookupByAddress(address);
            }
        };
    }

    private static boolean allows(InetAddressResolver.LookupPolicy policy, InetAddress address) {
        int characteristics = policy.characteristics();
        return address instanceof Inet4Address ? (characteristics & InetAddressResolver.LookupPolicy.IPV4) != 0
                : address instanceof Inet6Address && (characteristics & InetAddressResolver.LookupPolicy.IPV6) != 0;
    }

    @Override
    public String name() {
        return "moka-pinning-resolver";
    }
}
