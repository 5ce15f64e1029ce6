package dev.moka.core.exec;

import dev.moka.protocol.WireEnum;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeMap;

/**
 * How the environment of a command the model runs is built from Moka's own ({@code [shell_environment_policy]}
 * in config.toml). The steps run in this order: inherit, default excludes, {@code exclude}, {@code set},
 * {@code include_only}.
 *
 * @param inherit               which of Moka's variables are the starting point
 * @param ignoreDefaultExcludes keep variables whose names contain KEY, SECRET or TOKEN
 * @param exclude               case-insensitive wildmatch patterns of names to drop
 * @param set                   variables to set, overriding inherited ones
 * @param includeOnly           when not empty, only names matching one of these patterns are kept
 * @param useProfile            run commands through a login shell, so the person's profile is read
 */
public record ShellEnvironmentPolicy(Inherit inherit, boolean ignoreDefaultExcludes, List<String> exclude,
        Map<String, String> set, List<String> includeOnly, boolean useProfile) {

    /** Which variables a command starts from; spelled {@code all}, {@code core}, {@code none} in config.toml. */
    public enum Inherit implements WireEnum {
        /** Every variable Moka has. */
        ALL,
        /** Only the few every command needs: {@link #CORE_VARIABLES}. */
        CORE,
        /** Nothing: only what {@code set} adds. */
        NONE;

        @Override
        public String wire() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    /** The variables {@link Inherit#CORE} keeps. */
    public static final Set<String> CORE_VARIABLES = Set.of("HOME", "LOGNAME", "PATH", "SHELL", "USER", "USERNAME",
            "TMPDIR", "TEMP", "TMP");

    /** Name patterns dropped unless {@code ignore_default_excludes} is set: credentials, in any case. */
    public static final List<String> DEFAULT_EXCLUDES = List.of("*KEY*", "*SECRET*", "*TOKEN*");

    /** The policy with no configuration: inherit everything, drop credentials. */
    public static final ShellEnvironmentPolicy DEFAULT = new ShellEnvironmentPolicy(Inherit.ALL, false, List.of(),
            Map.of(), List.of(), false);

    public ShellEnvironmentPolicy {
        Objects.requireNonNull(inherit, "inherit");
        exclude = List.copyOf(exclude);
        set = Map.copyOf(set);
        includeOnly = List.copyOf(includeOnly);
    }

    /** The child's whole environment, built from {@code parent} (usually {@code System.getenv()}). */
    public Map<String, String> apply(Map<String, String> parent) {
        Map<String, String> env = new TreeMap<>();
        switch (inherit) {
            case ALL -> env.putAll(parent);
            case CORE -> parent.forEach((name, value) -> {
                if (CORE_VARIABLES.contains(name.toUpperCase(Locale.ROOT))) {
                    env.put(name, value);
                }
            });
            case NONE -> { }
        }
        if (!ignoreDefaultExcludes) {
            env.keySet().removeIf(name -> matchesAny(DEFAULT_EXCLUDES, name));
        }
        env.keySet().removeIf(name -> matchesAny(exclude, name));
        env.putAll(set);
        if (!includeOnly.isEmpty()) {
            env.keySet().removeIf(name -> !matchesAny(includeOnly, name));
        }
        return new LinkedHashMap<>(env);
    }

    private static boolean matchesAny(List<String> patterns, String name) {
        for (String pattern : patterns) {
            if (Wildmatch.matches(pattern, name)) {
                return true;
            }
        }
        return false;
    }
}
