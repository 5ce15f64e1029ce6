package dev.moka.core.config.toml;

import java.nio.file.Path;
import java.util.List;

/**
 * Where a configuration value came from: a line of config.toml, a {@code -c} override, or a command-line
 * flag. It renders the front of every message, so the person can find the value to fix. A file's line is
 * looked up only when a message is made ({@link KeyLines}), so a start without one never pays for it.
 */
public record Origin(String place, KeyLines lines, List<String> keyPath, String cliKey) {

    public static final Origin FLAGS = new Origin("command line", null, List.of(), null);

    public Origin {
        keyPath = List.copyOf(keyPath);
    }

    /** The definition of {@code keyPath} in {@code file}, whose lines {@code lines} can find. */
    public static Origin file(Path file, KeyLines lines, List<String> keyPath) {
        return new Origin(file.toString(), lines, keyPath, null);
    }

    public static Origin cli(List<String> keyPath) {
        String key = TomlReader.joinKeys(keyPath);
        return new Origin("-c " + key, null, List.of(), key);
    }

    /** {@code file:line}, {@code -c key} or {@code command line}. */
    public String location() {
        return lines == null ? place : place + ":" + lines.lineOf(keyPath);
    }

    /** {@code location: key}, without repeating the key when a {@code -c} override named exactly it. */
    String prefix(List<String> path) {
        if (path.isEmpty()) {
            return location();
        }
        String key = TomlReader.joinKeys(path);
        return key.equals(cliKey) ? location() : location() + ": " + key;
    }
}
