package dev.moka.core.config;

import java.io.IOException;
import java.nio.charset.CharacterCodingException;
import java.nio.file.AccessDeniedException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.SequencedMap;
import java.util.function.Function;
import org.tomlj.Toml;
import org.tomlj.TomlParseError;
import org.tomlj.TomlParseResult;
import org.tomlj.TomlTable;

/** Turns config.toml and {@code -c key=value} overrides into {@link ConfigNode} trees that know their origins. */
final class TomlSource {

    private TomlSource() {}

    /** The parsed file, or an empty table when it does not exist. */
    static ConfigNode.Table readFile(Path file) throws ConfigException {
        Origin top = Origin.file(file, null);
        if (!Files.exists(file)) {
            return ConfigNode.Table.empty(top, List.of());
        }
        TomlParseResult result;
        try {
            result = Toml.parse(UserFiles.readText(file, UserFiles.CONFIG_MAX_BYTES));
        } catch (IOException e) {
            throw new ConfigException(file + ": cannot read the config file: " + describe(e));
        }
        if (result.hasErrors()) {
            TomlParseError error = result.errors().getFirst();
            throw new ConfigException(file + ":" + error.position().line() + ": invalid TOML at column "
                    + error.position().column() + ": " + error.getMessage() + "; fix the syntax and try again");
        }
        return (ConfigNode.Table) convert(result, List.of(),
                path -> path.isEmpty() ? top : Origin.file(file, result.inputPositionOf(path)));
    }

    /** {@code root} with one {@code -c dotted.key=value} override applied. */
    static ConfigNode.Table applyOverride(ConfigNode.Table root, String override) throws ConfigException {
        int eq = override.indexOf('=');
        if (eq < 0) {
            throw new ConfigException("-c " + override + ": expected key=value, e.g. -c model=\"o3\"");
        }
        String rawKey = override.substring(0, eq).trim();
        List<String> keys;
        try {
            keys = Toml.parseDottedKey(rawKey);
        } catch (IllegalArgumentException e) {
            throw new ConfigException("-c " + override + ": \"" + rawKey
                    + "\" is not a dotted key; write it like model_providers.openai.base_url");
        }
        Origin origin = Origin.cli(keys);
        Object value = parseValue(override.substring(eq + 1).trim());
        return root.with(keys, convert(value, keys, path -> origin));
    }

    /** The text as a TOML value; text that is not TOML (like {@code gpt-5}) is taken as a plain string. */
    static Object parseValue(String text) {
        TomlParseResult result = Toml.parse("_ = " + text);
        if (result.hasErrors() || result.size() != 1) {
            return text;
        }
        return result.get(List.of("_"));
    }

    private static ConfigNode convert(Object value, List<String> path, Function<List<String>, Origin> originOf) {
        if (value instanceof TomlTable table) {
            SequencedMap<String, ConfigNode> entries = new LinkedHashMap<>();
            for (String key : table.keySet()) {
                List<String> childPath = ConfigNode.append(path, key);
                entries.put(key, convert(table.get(List.of(key)), childPath, originOf));
            }
            return new ConfigNode.Table(entries, originOf.apply(path), path);
        }
        return new ConfigNode.Value(value, originOf.apply(path), path);
    }

    static String describe(IOException e) {
        return switch (e) {
            case NoSuchFileException ignored -> "no such file";
            case AccessDeniedException ignored -> "permission denied";
            case CharacterCodingException ignored -> "not UTF-8 text";
            default -> e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
        };
    }
}
