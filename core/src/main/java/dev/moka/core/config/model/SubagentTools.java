package dev.moka.core.config.model;

import dev.moka.protocol.WireEnum;

/**
 * How a model was trained to delegate to child agents: Codex's first tool set ({@code multi_agent_v1}), offered
 * with the other tools or found through {@code tool_search} when the model asks for it, or the second
 * ({@code collaboration}), which Moka does not offer yet.
 */
public enum SubagentTools implements WireEnum {
    V1("v1"),
    V1_DEFERRED("v1_deferred"),
    V2("v2");

    private final String wire;

    SubagentTools(String wire) {
        this.wire = wire;
    }

    @Override
    public String wire() {
        return wire;
    }
}
