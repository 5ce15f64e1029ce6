package dev.moka.core.config.trust;

import dev.moka.core.config.toml.ConfigException;
import dev.moka.core.config.toml.ConfigText;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Records a project's trust in {@code config.toml} ({@code [projects."<path>"] trust_level = ...}) changing
 * nothing else in the file: comments, order and blank lines stay byte for byte. The edit is textual and
 * small (one line replaced or added, or one table appended); {@link ConfigText} checks the result and writes it.
 */
public final class ProjectTrustWriter {
    private static final Pattern TABLE_HEADER = Pattern.compile("^\\s*\\[\\s*projects\\s*\\.\\s*(\"(?:[^\"\\\\]|\\\\.)*\"|'[^']*')\\s*]\\s*(#.*)?$");
    private static final Pattern ANY_HEADER = Pattern.compile("^\\s*\\[.*");
    private static final Pattern TRUST_LINE = Pattern.compile("^(\\s*trust_level\\s*=\\s*)(\"[^\"]*\"|'[^']*')(.*)$");
    private static final Pattern INLINE_PROJECTS = Pattern.compile("^\\s*projects\\s*=.*");

    /** What the edit did, for the person. */
    public enum Outcome { ADDED_TABLE, ADDED_LINE, CHANGED, UNCHANGED }

    private ProjectTrustWriter() {}

    /**
     * Sets the trust of {@code project} (an absolute directory) to {@code level} ({@code trusted} or
     * {@code untrusted}) in {@code configFile}, creating the file (mode 0600) when it is missing.
     */
    public static Outcome write(Path configFile, Path project, String level) throws ConfigException, IOException {
        ConfigText config = ConfigText.read(configFile);
        String key = project.toString();
        List<String> lines = config.lines();
        for (String line : lines) {
            if (INLINE_PROJECTS.matcher(line).matches()) {
                throw new ConfigException(configFile + ": projects is written as an inline table; add"
                        + " [projects." + quoted(key) + "] trust_level = \"" + level + "\" to it by hand");
            }
        }
        Outcome outcome = edit(lines, key, level);
        if (outcome != Outcome.UNCHANGED) {
            config.replace(lines, ConfigText.with(config.tree(), List.of("projects", key, "trust_level"), level),
                    "the edit would not read back as trust_level = \"" + level + "\" alone");
        }
        return outcome;
    }

    private static Outcome edit(List<String> lines, String key, String level) {
        String value = "\"" + level + "\"";
        for (int i = 0; i < lines.size(); i++) {
            Matcher header = TABLE_HEADER.matcher(lines.get(i));
            if (!header.matches() || !key.equals(unquote(header.group(1)))) {
                continue;
            }
            for (int j = i + 1; j < lines.size() && !ANY_HEADER.matcher(lines.get(j)).matches(); j++) {
                Matcher trust = TRUST_LINE.matcher(lines.get(j));
                if (trust.matches()) {
                    if (unquote(trust.group(2)).equals(level)) {
                        return Outcome.UNCHANGED;
                    }
                    lines.set(j, trust.group(1) + value + trust.group(3));
                    return Outcome.CHANGED;
                }
            }
            lines.add(i + 1, "trust_level = " + value);
            return Outcome.ADDED_LINE;
        }
        ConfigText.append(lines, List.of("[projects." + quoted(key) + "]", "trust_level = " + value));
        return Outcome.ADDED_TABLE;
    }

    private static String quoted(String key) {
        return "\"" + key.replace("\\", "\\\\").replace("\"", "\\\"") + "\"";
    }

    private static String unquote(String quoted) {
        String inner = quoted.substring(1, quoted.length() - 1);
        return quoted.startsWith("'") ? inner : inner.replace("\\\"", "\"").replace("\\\\", "\\");
    }
}
