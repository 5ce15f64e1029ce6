package dev.moka.core.config;

import java.nio.file.Path;
import java.util.List;
import org.tomlj.Toml;
import org.tomlj.TomlPosition;

/**
 * Where a configuration value came from: a line of config.toml, a {@code -c} override, or a command-line
 * flag. It renders the front of every message, so the person can find the value to fix.
 */
record Origin(String location, String cliKey) {

    static final Origin FLAGS = new Origin("command line", null);

    static Origin file(Path file, TomlPosition position) {
        int line = position == null ? 1 : position.line();
        return new Origin(file + ":" + line, null);
    }

    static Origin cli(List<String> keyPath) {
        String key = Toml.joinKeyPath(keyPath);
        return new Origin("-c " + key, key);
    }

    /** {@code location: key}, without repeating the key when a {@code -c} override named exactly it. */
    String prefix(List<String> keyPath) {
        if (keyPath.isEmpty()) {
            return location;
        }
        String key = Toml.joinKeyPath(keyPath);
        return key.equals(cliKey) ? location : location + ": " + key;
    }
}
