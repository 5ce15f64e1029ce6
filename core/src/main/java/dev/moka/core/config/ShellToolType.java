package dev.moka.core.config;

import dev.moka.protocol.WireEnum;
import java.util.List;

/**
 * Which shell tools a model is given: {@code shell} (one command per call, output when it ends) or
 * {@code exec_command} with {@code write_stdin} (commands that may keep running as interactive sessions).
 * Chosen per model, overridden by {@code tools.shell_type} in config.toml or {@code -c tools.shell_type=...}.
 */
public enum ShellToolType implements WireEnum {
    SHELL("shell"),
    EXEC_COMMAND("exec_command");

    /** Model slug prefixes whose default is not {@link #SHELL}; the longest matching prefix wins. */
    private record ModelDefault(String prefix, ShellToolType type) {}

    // The newest codex-tuned model was trained with interactive sessions; the others with the one-shot shell.
    private static final List<ModelDefault> MODEL_DEFAULTS = List.of(
            new ModelDefault("gpt-5.2-codex", EXEC_COMMAND));

    private final String wire;

    ShellToolType(String wire) {
        this.wire = wire;
    }

    @Override
    public String wire() {
        return wire;
    }

    /** The shell tools {@code slug} gets when the configuration does not say. */
    public static ShellToolType defaultFor(String slug) {
        return MODEL_DEFAULTS.stream()
                .filter(entry -> slug.startsWith(entry.prefix()))
                .max((a, b) -> Integer.compare(a.prefix().length(), b.prefix().length()))
                .map(ModelDefault::type)
                .orElse(SHELL);
    }
}
