package dev.moka.core.config;

import java.nio.file.Path;
import java.util.Map;

/** Where Moka keeps its config, sessions and logs: {@code $MOKA_HOME}, else {@code ~/.moka}. */
public final class MokaHome {

    private MokaHome() {}

    /** {@code $MOKA_HOME} when set and not blank, else {@code .moka} in the user's home; absolute and normalized. */
    public static Path resolve(Map<String, String> env) {
        String configured = env.get("MOKA_HOME");
        Path home = configured == null || configured.isBlank()
                ? Path.of(System.getProperty("user.home"), ".moka")
                : Path.of(configured.trim());
        return home.toAbsolutePath().normalize();
    }
}
