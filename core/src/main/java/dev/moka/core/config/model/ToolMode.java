package dev.moka.core.config.model;

import dev.moka.protocol.WireEnum;

/**
 * How a model was trained to reach its tools: each as a tool of its own (classic), or only through code
 * mode, where one freeform {@code exec} tool runs a JavaScript module that calls them.
 */
public enum ToolMode implements WireEnum {
    CLASSIC("classic"),
    CODE_MODE_ONLY("code_mode_only");

    private final String wire;

    ToolMode(String wire) {
        this.wire = wire;
    }

    @Override
    public String wire() {
        return wire;
    }
}
