package dev.moka.core;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;

/** The version of this build of Moka, stamped into a resource by the build. */
public final class MokaVersion {
    private MokaVersion() {}

    public static String get() {
        try (InputStream in = MokaVersion.class.getResourceAsStream("version.txt")) {
            return in == null ? "dev" : new String(in.readAllBytes(), StandardCharsets.US_ASCII).strip();
        } catch (IOException e) {
            return "dev";
        }
    }
}
