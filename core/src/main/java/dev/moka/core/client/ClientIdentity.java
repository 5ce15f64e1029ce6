package dev.moka.core.client;

/** Who is calling: the {@code originator} header value (e.g. {@code moka_cli}) and Moka's version. */
public record ClientIdentity(String originator, String version) {

    /** {@code moka/<version> (<os name> <os version>; <arch>)}. */
    public String userAgent() {
        return "moka/" + version + " (" + System.getProperty("os.name") + " " + System.getProperty("os.version")
                + "; " + System.getProperty("os.arch") + ")";
    }
}
