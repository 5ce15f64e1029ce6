package dev.moka.core.config.provider;

import dev.moka.core.config.toml.ConfigException;
import dev.moka.core.config.toml.ConfigNode;
import dev.moka.core.config.toml.ConfigValues;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * A provider's {@code [model_providers.<id>.auth]} table: a command whose standard output is the bearer token,
 * with Codex's key names. {@code refreshInterval} of zero means the token is kept until a 401 rejects it.
 *
 * @param argv            the program and its arguments ({@code command} then {@code args})
 * @param timeout         how long the command may run ({@code timeout_ms})
 * @param refreshInterval how long a token is reused before the command runs again ({@code refresh_interval_ms})
 * @param where           the table's place in the configuration, for messages about it
 */
public record AuthCommand(List<String> argv, Duration timeout, Duration refreshInterval, String where) {
    public static final Set<String> KEYS = Set.of("command", "args", "timeout_ms", "refresh_interval_ms");
    /** Codex's defaults: a token command should answer in seconds, and tokens live for minutes. */
    static final Duration DEFAULT_TIMEOUT = Duration.ofMillis(5_000);
    static final Duration DEFAULT_REFRESH_INTERVAL = Duration.ofMillis(300_000);

    public AuthCommand {
        argv = List.copyOf(argv);
    }

    /**
     * Reads the table. {@code command} is a program name, or (as the form has it) an array of the program
     * and its first arguments; {@code args} are appended either way.
     */
    static AuthCommand read(ConfigNode.Table table) throws ConfigException {
        ConfigNode commandNode = table.get("command");
        if (commandNode == null) {
            throw table.error("has no command; set command = \"program\" (and args = [...]) whose output is the"
                    + " token");
        }
        List<String> argv = new ArrayList<>(commandNode instanceof ConfigNode.Value value
                && value.value() instanceof List<?> ? ConfigValues.strings(commandNode)
                        : List.of(ConfigValues.string(commandNode)));
        if (argv.isEmpty() || argv.getFirst().isBlank()) {
            throw commandNode.error("is empty; name the program that prints the token");
        }
        List<String> args = ConfigValues.strings(table.get("args"));
        if (args != null) {
            argv.addAll(args);
        }
        Long timeout = ConfigValues.integer(table.get("timeout_ms"));
        if (timeout != null && timeout <= 0) {
            throw table.get("timeout_ms").error("must be greater than 0 milliseconds, found " + timeout);
        }
        Long refresh = ConfigValues.integer(table.get("refresh_interval_ms"));
        if (refresh != null && refresh < 0) {
            throw table.get("refresh_interval_ms").error("must be 0 (never refresh before a 401) or more, found "
                    + refresh);
        }
        return new AuthCommand(argv, timeout == null ? DEFAULT_TIMEOUT : Duration.ofMillis(timeout),
                refresh == null ? DEFAULT_REFRESH_INTERVAL : Duration.ofMillis(refresh), table.where());
    }

    /** The program, as the person named it (no arguments: they may carry secrets). */
    public String program() {
        return argv.getFirst();
    }
}
