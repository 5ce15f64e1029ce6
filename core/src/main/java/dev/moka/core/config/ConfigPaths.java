package dev.moka.core.config;

import java.nio.file.Path;

/** Path handling shared by the config keys that name files or directories. */
final class ConfigPaths {

    private ConfigPaths() {}

    /** {@code text} as an absolute, normalized path: {@code ~/} is the home directory, relative is below {@code base}. */
    static Path resolve(Path base, String text) {
        if (text.equals("~") || text.startsWith("~/")) {
            Path home = Path.of(System.getProperty("user.home"));
            return home.resolve(text.substring(1).replaceFirst("^/+", "")).toAbsolutePath().normalize();
        }
        return base.resolve(text).toAbsolutePath().normalize();
    }
}
