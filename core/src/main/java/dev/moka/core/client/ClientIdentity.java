package dev.moka.core.client;

import java.util.Map;

/**
 * Who is calling: the {@code originator} header value (e.g. {@code moka_cli}), Moka's version, and for a child
 * agent's conversation the headers that say whose child it is ({@code lineage}, sent after the others).
 */
public record ClientIdentity(String originator, String version, Map<String, String> lineage) {
    public ClientIdentity {
        lineage = Map.copyOf(lineage);
    }

    public ClientIdentity(String originator, String version) {
        this(originator, version, Map.of());
    }

    /** {@code moka/<version> (<os name> <os version>; <arch>)}. */
    public String userAgent() {
        return "moka/" + version + " (" + System.getProperty("os.name") + " " + System.getProperty("os.version")
                + "; " + System.getProperty("os.arch") + ")";
    }
}
