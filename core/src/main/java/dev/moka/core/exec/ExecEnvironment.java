package dev.moka.core.exec;

import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;

/** Builds the environment of commands the model runs, keeping credentials out of it. */
public final class ExecEnvironment {
    private ExecEnvironment() {}

    /**
     * The parent's variables minus every one whose name contains KEY, SECRET or TOKEN in any case, so API keys
     * given to Moka never reach a command the model chose.
     */
    public static Map<String, String> forChild(Map<String, String> parent) {
        return parent.entrySet().stream()
                .filter(entry -> !looksSecret(entry.getKey()))
                .collect(Collectors.toUnmodifiableMap(Map.Entry::getKey, Map.Entry::getValue));
    }

    private static boolean looksSecret(String name) {
        String upper = name.toUpperCase(Locale.ROOT);
        return upper.contains("KEY") || upper.contains("SECRET") || upper.contains("TOKEN");
    }
}
