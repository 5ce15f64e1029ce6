package dev.moka.core.tools.web;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.List;

/** Turns a host name into its addresses; tests inject one that maps names without DNS. */
@FunctionalInterface
public interface HostResolver {
    HostResolver SYSTEM = host -> List.of(InetAddress.getAllByName(host));

    List<InetAddress> resolve(String host) throws UnknownHostException;
}
