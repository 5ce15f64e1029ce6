package dev.moka.core.config.toml;

import dev.moka.core.io.PrivateFiles;
import dev.moka.core.io.UserFiles;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The text of a config.toml that Moka edits as text, so that comments, order and blank lines stay byte for byte.
 * An edit is checked before anything is written: the new text must parse to exactly the tree the edit meant (the
 * old tree with one key set or taken out), so a header this class misread, or a key also written elsewhere in the
 * file, makes the edit fail with the file untouched instead of damaging it. The file is replaced atomically and
 * keeps its mode; a new one is private (0600), as it may name tokens' variables and commands.
 */
public final class ConfigText {
    private static final Set<PosixFilePermission> PRIVATE = PosixFilePermissions.fromString("rw-------");

    private final Path file;
    private final String text;
    private final Map<String, Object> tree;

    private ConfigText(Path file, String text, Map<String, Object> tree) {
        this.file = file;
        this.text = text;
        this.tree = tree;
    }

    /** The file as it is (empty when missing); refused when it is not a regular file or not TOML. */
    public static ConfigText read(Path file) throws ConfigException {
        if (Files.exists(file, LinkOption.NOFOLLOW_LINKS) && !Files.isRegularFile(file, LinkOption.NOFOLLOW_LINKS)) {
            throw new ConfigException(file + " is not a regular file; not editing it");
        }
        if (!Files.exists(file)) {
            return new ConfigText(file, "", Map.of());
        }
        TomlSource.readFile(file);
        try {
            String text = UserFiles.readText(file, UserFiles.CONFIG_MAX_BYTES);
            return new ConfigText(file, text, TomlReader.read(text));
        } catch (IOException e) {
            throw new ConfigException(file + ": cannot read the config file: " + TomlSource.describe(e));
        } catch (TomlReader.NotToml e) {
            throw new ConfigException(file + ":" + e.line() + ": invalid TOML: " + e.getMessage());
        }
    }

    Path file() {
        return file;
    }

    /** The parsed document, as {@link TomlReader} gives it. */
    public Map<String, Object> tree() {
        return tree;
    }

    /** The lines, split at each newline; the last is "" when the text ends in one. A fresh, mutable list. */
    public List<String> lines() {
        return new ArrayList<>(List.of(text.split("\n", -1)));
    }

    /** The value at {@code path}, or null. */
    public Object get(List<String> path) {
        Object node = tree;
        for (String key : path) {
            if (!(node instanceof Map<?, ?> table)) {
                return null;
            }
            node = table.get(key);
        }
        return node;
    }

    /**
     * Writes {@code lines} (joined with newlines) if they parse to {@code expected}; otherwise throws with
     * {@code mismatch} as the message's end and writes nothing.
     */
    public void replace(List<String> lines, Map<String, Object> expected, String mismatch)
            throws ConfigException, IOException {
        String after = String.join("\n", lines);
        Map<String, Object> parsed;
        try {
            parsed = TomlReader.read(after);
        } catch (TomlReader.NotToml e) {
            throw new ConfigException(file + ": " + mismatch + "; nothing was changed");
        }
        if (!withoutEmptyTables(parsed).equals(withoutEmptyTables(expected))) {
            throw new ConfigException(file + ": " + mismatch + "; nothing was changed");
        }
        writeAtomically(after);
    }

    /**
     * {@code tree} less its empty tables, which configure nothing: taking out the last server leaves an empty
     * {@code mcp_servers} in the expected tree but none in the text unless it had an {@code [mcp_servers]} header.
     */
    private static Map<String, Object> withoutEmptyTables(Map<?, ?> tree) {
        Map<String, Object> out = new LinkedHashMap<>();
        tree.forEach((key, value) -> {
            Object kept = value instanceof Map<?, ?> table ? withoutEmptyTables(table) : value;
            if (!(kept instanceof Map<?, ?> table && table.isEmpty())) {
                out.put((String) key, kept);
            }
        });
        return out;
    }

    /** {@code lines} with {@code table} appended as its own table, after a blank line unless the file is empty. */
    public static void append(List<String> lines, List<String> table) {
        if (lines.size() == 1 && lines.getFirst().isEmpty()) {
            lines.clear();
        } else if (!lines.getLast().isEmpty()) {
            // No newline at the end: this "" ends the last line, and joining puts the blank line after it.
            lines.add("");
        }
        lines.addAll(table);
        lines.add("");
    }

    /** {@code tree} with {@code value} at {@code path} (tables on the way made as needed); null takes it out. */
    public static Map<String, Object> with(Map<String, Object> tree, List<String> path, Object value) {
        Map<String, Object> copy = new LinkedHashMap<>(tree);
        String key = path.getFirst();
        if (path.size() == 1) {
            if (value == null) {
                copy.remove(key);
            } else {
                copy.put(key, value);
            }
            return copy;
        }
        @SuppressWarnings("unchecked")
        Map<String, Object> child = copy.get(key) instanceof Map<?, ?> m ? (Map<String, Object>) m : Map.of();
        copy.put(key, with(child, path.subList(1, path.size()), value));
        return copy;
    }

    /**
     * The key path of a table header line ({@code [a."b c"]  # note}, or {@code [[a.b]]}), or null for any other
     * line. The brackets' content is read by the TOML library itself, trying each {@code ]} in turn since a quoted
     * key or the comment may hold one.
     */
    public static List<String> headerPath(String line) {
        String trimmed = line.strip();
        if (!trimmed.startsWith("[")) {
            return null;
        }
        boolean array = trimmed.startsWith("[[");
        String inner = trimmed.substring(array ? 2 : 1);
        String close = array ? "]]" : "]";
        for (int at = inner.indexOf(close); at >= 0; at = inner.indexOf(close, at + 1)) {
            String rest = inner.substring(at + close.length()).strip();
            if (!rest.isEmpty() && !rest.startsWith("#")) {
                continue;
            }
            try {
                return TomlReader.dottedKey(inner.substring(0, at).strip());
            } catch (TomlReader.NotToml e) {
                // A ] inside a quoted key: try the next one.
            }
        }
        return null;
    }

    private void writeAtomically(String after) throws IOException {
        Set<PosixFilePermission> mode = Files.exists(file) ? Files.getPosixFilePermissions(file) : PRIVATE;
        PrivateFiles.replace(file, after, mode);
    }
}
