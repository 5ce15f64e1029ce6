package dev.moka.core.config.toml;

import dev.moka.core.io.UserFiles;
import java.io.IOException;
import java.math.BigInteger;
import java.nio.charset.CharacterCodingException;
import java.nio.file.AccessDeniedException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SequencedMap;
import java.util.function.Function;

/** Turns config.toml and {@code -c key=value} overrides into {@link ConfigNode} trees that know their origins. */
public final class TomlSource {

    private TomlSource() {}

    /** The parsed file, or an empty table when it does not exist. */
    public static ConfigNode.Table readFile(Path file) throws ConfigException {
        if (!Files.exists(file)) {
            return ConfigNode.Table.empty(Origin.file(file, new KeyLines(""), List.of()), List.of());
        }
        String text;
        try {
            text = UserFiles.readText(file, UserFiles.CONFIG_MAX_BYTES);
        } catch (IOException e) {
            String fix = Files.isRegularFile(file) || !Files.exists(file) ? ""
                    : "; replace it with a regular file, or move it away to start without one";
            throw new ConfigException(file + ": cannot read the config file: " + describe(e) + fix);
        }
        Map<String, Object> root;
        try {
            root = TomlReader.read(text);
        } catch (TomlReader.NotToml e) {
            throw new ConfigException(file + ":" + e.line() + ": invalid TOML at column " + e.column() + ": "
                    + e.getMessage() + "; fix the syntax and try again");
        }
        KeyLines lines = new KeyLines(text);
        return (ConfigNode.Table) convert(root, List.of(), path -> Origin.file(file, lines, path));
    }

    /** {@code root} with one {@code -c dotted.key=value} override applied. */
    public static ConfigNode.Table applyOverride(ConfigNode.Table root, String override) throws ConfigException {
        int eq = override.indexOf('=');
        if (eq < 0) {
            throw new ConfigException("-c " + override + ": expected key=value, e.g. -c model=\"o3\"");
        }
        String rawKey = override.substring(0, eq).trim();
        List<String> keys;
        try {
            keys = TomlReader.dottedKey(rawKey);
        } catch (TomlReader.NotToml e) {
            throw new ConfigException("-c " + override + ": \"" + rawKey
                    + "\" is not a dotted key; write it like model_providers.openai.base_url");
        }
        Origin origin = Origin.cli(keys);
        Object value = parseValue(override.substring(eq + 1).trim());
        return root.with(keys, convert(value, keys, path -> origin));
    }

    /** The text as a TOML value; text that is not TOML (like {@code gpt-5}) is taken as a plain string. */
    static Object parseValue(String text) {
        try {
            Map<String, Object> document = TomlReader.read("_ = " + text);
            return document.size() == 1 && document.containsKey("_") ? document.get("_") : text;
        } catch (TomlReader.NotToml e) {
            return text;
        }
    }

    private static ConfigNode convert(Object value, List<String> path, Function<List<String>, Origin> originOf)
            throws ConfigException {
        if (value instanceof Map<?, ?> table) {
            SequencedMap<String, ConfigNode> entries = new LinkedHashMap<>();
            for (var entry : table.entrySet()) {
                String key = (String) entry.getKey();
                entries.put(key, convert(entry.getValue(), ConfigNode.append(path, key), originOf));
            }
            return new ConfigNode.Table(entries, originOf.apply(path), path);
        }
        var node = new ConfigNode.Value(value, originOf.apply(path), path);
        if (value instanceof BigInteger) {
            throw node.error("the integer " + value + " does not fit in 64 bits, the most TOML allows");
        }
        return node;
    }

    public static String describe(IOException e) {
        return switch (e) {
            case NoSuchFileException ignored -> "no such file";
            case AccessDeniedException ignored -> "permission denied";
            case CharacterCodingException ignored -> "not UTF-8 text";
            default -> e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
        };
    }
}
