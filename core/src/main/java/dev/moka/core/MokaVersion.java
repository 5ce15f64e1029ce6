package dev.moka.core;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;

/** The version of this build of Moka, stamped into a resource by the build. */
public final class MokaVersion {
    private MokaVersion() {}

    public static String get() {
        return Stamped.VERSION;
    }

    /** Read once per process: several start-up steps ask, and each lookup of a resource in the jar costs. */
    private static final class Stamped {
        static final String VERSION = read();

        private static String read() {
            try (InputStream in = MokaVersion.class.getResourceAsStream("version.txt")) {
                return in == null ? "dev" : new String(in.readAllBytes(), StandardCharsets.US_ASCII).strip();
            } catch (IOException e) {
                return "dev";
            }
        }
    }
}
