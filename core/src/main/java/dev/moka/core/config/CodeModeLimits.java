package dev.moka.core.config;

import dev.moka.core.config.toml.ConfigException;
import dev.moka.core.config.toml.ConfigNode;
import dev.moka.core.config.toml.ConfigValues;
import java.util.Set;

/**
 * The {@code [code_mode]} table: what one script may spend before it is ended with an error. The session
 * and the other scripts go on; only the script over a limit ends.
 *
 * @param cpuMillis   CPU time of the script's own thread (time spent in nested tools does not count)
 * @param memoryBytes heap the script may hold beyond what the process held when it started
 * @param stackBytes  the stack of the script's thread, which bounds how deep it may recurse
 */
public record CodeModeLimits(long cpuMillis, long memoryBytes, long stackBytes) {
    public static final CodeModeLimits DEFAULTS = new CodeModeLimits(20_000, 512L << 20, 16L << 20);
    static final Set<String> KEYS = Set.of("cpu_seconds", "memory_mb", "stack_mb");

    static CodeModeLimits read(ConfigNode.Table table) throws ConfigException {
        if (table == null) {
            return DEFAULTS;
        }
        Long cpu = positive(table, "cpu_seconds");
        Long memory = positive(table, "memory_mb");
        Long stack = positive(table, "stack_mb");
        return new CodeModeLimits(cpu != null ? cpu * 1000 : DEFAULTS.cpuMillis,
                memory != null ? memory << 20 : DEFAULTS.memoryBytes, stack != null ? stack << 20 : DEFAULTS.stackBytes);
    }

    private static Long positive(ConfigNode.Table table, String key) throws ConfigException {
        Long value = ConfigValues.integer(table.get(key));
        if (value != null && value <= 0) {
            throw table.get(key).error("must be a positive number, not " + value);
        }
        return value;
    }
}
