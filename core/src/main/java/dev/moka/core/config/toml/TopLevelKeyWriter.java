package dev.moka.core.config.toml;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Sets top-level string keys of {@code config.toml} ({@code model}, {@code model_reasoning_effort}) changing
 * nothing else: a key's line keeps its indentation and trailing comment, a missing key goes after the last top-level
 * line, before the first table (where a top-level key must be), and every other byte stays as it was. {@link ConfigText} checks that the
 * result reads back as the old document with these values, and writes it whole or not at all.
 */
public final class TopLevelKeyWriter {
    private static final Pattern ANY_HEADER = Pattern.compile("^\\s*\\[.*");

    private TopLevelKeyWriter() {}

    /** Sets each of {@code values} (key to string value; a null value takes the key out) in {@code configFile}. */
    public static void write(Path configFile, Map<String, String> values) throws ConfigException, IOException {
        ConfigText config = ConfigText.read(configFile);
        List<String> lines = config.lines();
        Map<String, Object> expected = config.tree();
        for (Map.Entry<String, String> entry : values.entrySet()) {
            set(lines, entry.getKey(), entry.getValue());
            expected = ConfigText.with(expected, List.of(entry.getKey()), entry.getValue());
        }
        config.replace(lines, expected, "the edit would not read back as the keys " + values.keySet() + " changed alone");
    }

    private static void set(List<String> lines, String key, String value) {
        Pattern line = Pattern.compile("^(\\s*" + Pattern.quote(key) + "\\s*=\\s*)(\"(?:[^\"\\\\]|\\\\.)*\"|'[^']*')(.*)$");
        int firstTable = lines.size();
        for (int i = 0; i < lines.size(); i++) {
            if (ANY_HEADER.matcher(lines.get(i)).matches()) {
                firstTable = i;
                break;
            }
            Matcher m = line.matcher(lines.get(i));
            if (m.matches()) {
                if (value == null) {
                    lines.remove(i);
                } else {
                    lines.set(i, m.group(1) + quoted(value) + m.group(3));
                }
                return;
            }
        }
        if (value == null) {
            return;
        }
        // After the last top-level line, so the blank lines before the first table stay before it.
        int at = firstTable;
        while (at > 0 && lines.get(at - 1).isBlank()) {
            at--;
        }
        lines.add(at, key + " = " + quoted(value));
    }

    private static String quoted(String value) {
        return "\"" + value.replace("\\", "\\\\").replace("\"", "\\\"") + "\"";
    }
}
