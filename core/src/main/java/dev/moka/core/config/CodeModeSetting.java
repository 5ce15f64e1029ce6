package dev.moka.core.config;

import dev.moka.core.config.model.ModelInfo;
import dev.moka.core.config.model.ToolMode;
import dev.moka.core.config.provider.WireApi;
import dev.moka.protocol.WireEnum;

/** {@code [features] code_mode}: follow the model's catalog entry, or force code mode on or off. */
public enum CodeModeSetting implements WireEnum {
    AUTO("auto"),
    ON("on"),
    OFF("off");

    private final String wire;

    CodeModeSetting(String wire) {
        this.wire = wire;
    }

    @Override
    public String wire() {
        return wire;
    }

    /**
     * Whether {@code model} gets code mode over {@code wire}. Chat Completions has no freeform or namespace
     * tools to carry {@code exec}, so it stays classic whatever the setting says.
     */
    public boolean enabledFor(ModelInfo model, WireApi wire) {
        if (wire != WireApi.RESPONSES) {
            return false;
        }
        return switch (this) {
            case AUTO -> model.toolMode() == ToolMode.CODE_MODE_ONLY;
            case ON -> true;
            case OFF -> false;
        };
    }
}
