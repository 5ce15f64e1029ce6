package dev.moka.core.config.model;

import dev.moka.protocol.WireEnum;

/**
 * Which shell tools a model is given: {@code shell} (one command per call, output when it ends) or
 * {@code exec_command} with {@code write_stdin} (commands that may keep running as interactive sessions).
 * Chosen per model by the catalog, overridden by {@code tools.shell_type} in config.toml.
 */
public enum ShellToolType implements WireEnum {
    SHELL("shell"),
    EXEC_COMMAND("exec_command");

    private final String wire;

    ShellToolType(String wire) {
        this.wire = wire;
    }

    @Override
    public String wire() {
        return wire;
    }
}
