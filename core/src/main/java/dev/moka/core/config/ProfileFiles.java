package dev.moka.core.config;

import dev.moka.core.config.toml.ConfigNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Pattern;

/**
 * Codex's second form of a profile: a whole config file of its own, {@code $MOKA_HOME/NAME.config.toml}, laid over
 * config.toml (and under {@code -c}) when {@code -p NAME} or {@code profile = "NAME"} chooses it.
 */
final class ProfileFiles {
    /** A name that stays a file name in the home directory: no separators, no dot-files, no "..". */
    private static final Pattern SAFE_NAME = Pattern.compile("[A-Za-z0-9_][A-Za-z0-9_.-]*");

    private ProfileFiles() {}

    /** The profile file of {@code name} in {@code home}, or null when the name has none. */
    static Path of(Path home, String name) {
        if (name == null || !SAFE_NAME.matcher(name).matches() || name.contains("..")) {
            return null;
        }
        Path file = home.resolve(name + ".config.toml");
        return Files.isRegularFile(file) ? file : null;
    }

    /** {@code base} with every value of {@code layer} placed over it; tables merge, other values replace. */
    static ConfigNode.Table overlay(ConfigNode.Table base, ConfigNode.Table layer) {
        ConfigNode.Table out = base;
        for (var entry : layer.entries().entrySet()) {
            out = place(out, List.of(entry.getKey()), entry.getValue());
        }
        return out;
    }

    private static ConfigNode.Table place(ConfigNode.Table root, List<String> keys, ConfigNode node) {
        if (node instanceof ConfigNode.Table table && !table.entries().isEmpty()) {
            ConfigNode.Table out = root;
            for (var entry : table.entries().entrySet()) {
                out = place(out, ConfigNode.append(keys, entry.getKey()), entry.getValue());
            }
            return out;
        }
        return root.with(keys, node);
    }
}
