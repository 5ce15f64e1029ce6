package dev.moka.core.config;

import dev.moka.core.config.toml.ConfigException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/** A real MOKA_HOME and working directory on disk, and a shortcut to load config from them. */
record TestHome(Path home, Path cwd) {

    static TestHome in(Path dir) throws IOException {
        return new TestHome(Files.createDirectories(dir.resolve("moka-home")),
                Files.createDirectories(dir.resolve("work")));
    }

    Path configFile() {
        return home.resolve("config.toml");
    }

    TestHome write(String toml) throws IOException {
        Files.writeString(configFile(), toml);
        return this;
    }

    Config load(String... overrides) throws ConfigException {
        return load(ConfigOverrides.NONE, Map.of(), overrides);
    }

    Config load(ConfigOverrides flags, String... overrides) throws ConfigException {
        return load(flags, Map.of(), overrides);
    }

    Config load(ConfigOverrides flags, Map<String, String> env, String... overrides) throws ConfigException {
        return ConfigLoader.load(home, List.of(overrides), flags, env, cwd);
    }

    static ConfigOverrides flags(String model, String profile, String provider) {
        return new ConfigOverrides(model, profile, provider, null, null, null);
    }
}
