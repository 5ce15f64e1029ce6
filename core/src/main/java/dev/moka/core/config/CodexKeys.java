package dev.moka.core.config;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * The keys Codex accepts in config.toml (the data file {@code codex-keys.txt} beside this class). Moka stays
 * quiet about them even where it has no use for them, so one file serves both tools; only a key neither knows
 * is a mistake worth a warning.
 */
final class CodexKeys {
    private static final String FILE = "codex-keys.txt";

    private CodexKeys() {}

    /**
     * Whether Codex accepts the key at {@code path} (its table names first, the key last), or a table on the way to
     * keys it accepts ({@code profiles.ci.tui} holds {@code session_picker_view}).
     */
    static boolean accepts(List<String> path) {
        for (List<String> pattern : Patterns.ALL) {
            if (matches(pattern, 0, path, 0)) {
                return true;
            }
        }
        return false;
    }

    private static boolean matches(List<String> pattern, int p, List<String> path, int k) {
        if (k == path.size()) {
            return true;
        }
        if (p == pattern.size()) {
            return false;
        }
        String word = pattern.get(p);
        if (word.equals("**")) {
            return true;
        }
        return (word.equals("*") || word.equals(path.get(k))) && matches(pattern, p + 1, path, k + 1);
    }

    /** Read on first use only: a config.toml with nothing Moka does not know never costs the read. */
    private static final class Patterns {
        static final List<List<String>> ALL = read();

        private static List<List<String>> read() {
            try (InputStream in = CodexKeys.class.getResourceAsStream(FILE)) {
                if (in == null) {
                    throw new IllegalStateException(FILE + " is missing from Moka's jar");
                }
                return new String(in.readAllBytes(), StandardCharsets.UTF_8).lines().map(String::strip)
                        .filter(line -> !line.isEmpty() && !line.startsWith("#"))
                        .map(line -> List.of(line.split("\\."))).toList();
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
    }
}
