package dev.moka.core.config;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Records a project's trust in {@code config.toml} ({@code [projects."<path>"] trust_level = ...}) changing
 * nothing else in the file: comments, order and blank lines stay byte for byte. The edit is textual and
 * small (one line replaced or added, or one table appended); the TOML parser checks the file before and after.
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
        if (Files.exists(configFile, LinkOption.NOFOLLOW_LINKS) && !Files.isRegularFile(configFile, LinkOption.NOFOLLOW_LINKS)) {
            throw new ConfigException(configFile + " is not a regular file; not editing it");
        }
        String before = Files.exists(configFile) ? Files.readString(configFile, StandardCharsets.UTF_8) : "";
        if (!before.isEmpty()) {
            TomlSource.readFile(configFile);
        }
        String key = project.toString();
        List<String> lines = new ArrayList<>(List.of(before.split("\n", -1)));
        for (String line : lines) {
            if (INLINE_PROJECTS.matcher(line).matches()) {
                throw new ConfigException(configFile + ": projects is written as an inline table; add"
                        + " [projects." + quoted(key) + "] trust_level = \"" + level + "\" to it by hand");
            }
        }
        Outcome outcome = edit(lines, key, level);
        if (outcome == Outcome.UNCHANGED) {
            return outcome;
        }
        String after = String.join("\n", lines);
        writeAtomically(configFile, after);
        ConfigNode.Table root = TomlSource.readFile(configFile);
        if (!level.equals(written(root, key))) {
            Files.writeString(configFile, before, StandardCharsets.UTF_8);
            throw new ConfigException(configFile + ": the edit did not read back as trust_level = \"" + level
                    + "\"; the file was restored");
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
        // Appended as its own table after a blank line; the last element is "" when the file ends in a newline.
        if (lines.size() == 1 && lines.getFirst().isEmpty()) {
            lines.clear();
        } else if (!lines.getLast().isEmpty()) {
            lines.add("");
        }
        lines.add("[projects." + quoted(key) + "]");
        lines.add("trust_level = " + value);
        lines.add("");
        return Outcome.ADDED_TABLE;
    }

    private static String written(ConfigNode.Table root, String key) throws ConfigException {
        ConfigNode.Table projects = ConfigValues.table(root.get("projects"));
        ConfigNode.Table project = projects == null ? null : ConfigValues.table(projects.get(key));
        return project == null ? null : ConfigValues.string(project.get("trust_level"));
    }

    private static String quoted(String key) {
        return "\"" + key.replace("\\", "\\\\").replace("\"", "\\\"") + "\"";
    }

    private static String unquote(String quoted) {
        String inner = quoted.substring(1, quoted.length() - 1);
        return quoted.startsWith("'") ? inner : inner.replace("\\\"", "\"").replace("\\\\", "\\");
    }

    private static void writeAtomically(Path file, String text) throws IOException {
        Files.createDirectories(file.toAbsolutePath().getParent());
        Path temp = Files.createTempFile(file.toAbsolutePath().getParent(), ".config-", ".toml",
                PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
        try {
            Files.writeString(temp, text, StandardCharsets.UTF_8);
            try {
                Files.move(temp, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(temp, file, StandardCopyOption.REPLACE_EXISTING);
            }
        } finally {
            Files.deleteIfExists(temp);
        }
    }
}
