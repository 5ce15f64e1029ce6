package dev.moka.core.config.provider;

import dev.moka.protocol.WireEnum;

/** Which HTTP API a provider speaks. */
public enum WireApi implements WireEnum {
    RESPONSES("responses"),
    CHAT("chat");

    private final String wire;

    WireApi(String wire) {
        this.wire = wire;
    }

    @Override
    public String wire() {
        return wire;
    }
}
